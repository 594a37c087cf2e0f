import { HttpError } from '../http-error';

/**
 * Counts the uploads running now, per user and in total (decision 024). `enter` answers a release function, or
 * throws 429 when the user already runs `perUser` uploads and 503 when the server runs `total`.
 */
export function uploadGate({ perUser, total }: { perUser: number; total: number }) {
  const running = new Map<number, number>();
  let all = 0;
  return {
    enter(userId: number): () => void {
      const mine = running.get(userId) ?? 0;
      if (mine >= perUser)
        throw new HttpError(429, 'request.tooManyUploads', 'errors.tooManyUploads', { max: perUser });
      if (all >= total) throw new HttpError(503, 'server.uploadsBusy', 'errors.uploadsBusy');
      running.set(userId, mine + 1);
      all += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        all -= 1;
        const left = (running.get(userId) ?? 1) - 1;
        if (left > 0) running.set(userId, left);
        else running.delete(userId);
      };
    },
  };
}
