import { api, read } from '@/lib/api';

/** "This was not me": puts the old address back and answers a reset token for a new password (decision 046). */
export const undoEmailChange = (token: string) => read(api['email-change-undo'].$post({ json: { token } }));
