import { ApiError } from './api-request';

const RETRIES = 2;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A read that a retry might fix (the network, a 5xx) is tried twice more, after
 * 1 and 2 s, as the query client does for its queries; a 4xx answer will not
 * change by asking again. For reads kept outside the query cache (decision 037).
 */
export async function withRetries<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if (refused || attempt >= RETRIES) throw error;
      await delay(1000 * 2 ** attempt);
    }
  }
}
