// The words analysis speaks: the detector's 80 COCO classes (in the model's output order)
// and the room/scene categories a photo is filed under.

/** CenterNet's class index i is COCO_LABELS[i]. */
export const COCO_LABELS = [
  'person', 'bicycle', 'car', 'motorcycle', 'airplane', 'bus', 'train', 'truck', 'boat', 'traffic light',
  'fire hydrant', 'stop sign', 'parking meter', 'bench', 'bird', 'cat', 'dog', 'horse', 'sheep', 'cow',
  'elephant', 'bear', 'zebra', 'giraffe', 'backpack', 'umbrella', 'handbag', 'tie', 'suitcase', 'frisbee',
  'skis', 'snowboard', 'sports ball', 'kite', 'baseball bat', 'baseball glove', 'skateboard', 'surfboard', 'tennis racket', 'bottle',
  'wine glass', 'cup', 'fork', 'knife', 'spoon', 'bowl', 'banana', 'apple', 'sandwich', 'orange',
  'broccoli', 'carrot', 'hot dog', 'pizza', 'donut', 'cake', 'chair', 'couch', 'potted plant', 'bed',
  'dining table', 'toilet', 'tv', 'laptop', 'mouse', 'remote', 'keyboard', 'cell phone', 'microwave', 'oven',
  'toaster', 'sink', 'refrigerator', 'book', 'clock', 'vase', 'scissors', 'teddy bear', 'hair drier', 'toothbrush',
] as const

/** The room/scene vocabulary (documented in docs/analysis.md). */
export const CATEGORIES = [
  'bedroom', 'bathroom', 'kitchen', 'living room', 'dining room', 'office',
  'exterior', 'garden', 'pool', 'terrace/balcony', 'view', 'other',
] as const
export type Category = (typeof CATEGORIES)[number]

export const OUTDOOR_CATEGORIES: readonly Category[] = ['exterior', 'garden', 'pool', 'terrace/balcony', 'view']
export const INDOOR_CATEGORIES: readonly Category[] = ['bedroom', 'bathroom', 'kitchen', 'living room', 'dining room', 'office']
