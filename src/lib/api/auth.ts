// Sign-in calls (spec §7) and their hooks. Success and failure notices are the caller's.
'use client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { LoginInput, RegisterInput } from '../schemas/auth'
import type { User } from './types'
import { apiRequest, getJson } from './client'
import { queryKeys } from './query-keys'

export function useRegistrationStatus() {
  return useQuery({ queryKey: queryKeys.registration, queryFn: () => getJson<{ registrationOpen: boolean }>('/api/register') })
}

export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (credentials: LoginInput) => (await apiRequest('POST', '/api/login', credentials)).json() as Promise<User>,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.user, user),
  })
}

export function useRegister() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: RegisterInput) => (await apiRequest('POST', '/api/register', input)).json() as Promise<User>,
    onSuccess: (user) => {
      // A signed-in manager who adds an account stays signed in as themselves.
      if (!queryClient.getQueryData(queryKeys.user)) queryClient.setQueryData(queryKeys.user, user)
      void queryClient.invalidateQueries({ queryKey: queryKeys.registration })
    },
  })
}

export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout')
    },
    onSuccess: () => queryClient.setQueryData(queryKeys.user, null),
  })
}
