import { api } from '../../../lib/api-client.ts';

export async function resendRegistrationOtp(email: string): Promise<void> {
  await api.post('/auth/resend-registration-otp', { email });
}
