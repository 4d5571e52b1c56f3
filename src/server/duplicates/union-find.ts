// Disjoint sets over 0..n-1 (union by size, path halving): pairs of duplicates become groups.
export class UnionFind {
  private readonly parent: Int32Array
  private readonly size: Int32Array

  constructor(count: number) {
    this.parent = new Int32Array(count)
    this.size = new Int32Array(count).fill(1)
    for (let i = 0; i < count; i++) this.parent[i] = i
  }

  find(item: number): number {
    let x = item
    while (this.parent[x] !== x) {
      this.parent[x] = this.parent[this.parent[x]]
      x = this.parent[x]
    }
    return x
  }

  /** Joins the sets of a and b; answers the root of the joined set. */
  union(a: number, b: number): number {
    let x = this.find(a)
    let y = this.find(b)
    if (x === y) return x
    if (this.size[x] < this.size[y]) [x, y] = [y, x]
    this.parent[y] = x
    this.size[x] += this.size[y]
    return x
  }

  /** The sets with more than one member, each in ascending item order. */
  groups(): number[][] {
    const byRoot = new Map<number, number[]>()
    for (let i = 0; i < this.parent.length; i++) {
      const root = this.find(i)
      if (this.size[root] < 2) continue
      let members = byRoot.get(root)
      if (!members) byRoot.set(root, (members = []))
      members.push(i)
    }
    return [...byRoot.values()]
  }
}
