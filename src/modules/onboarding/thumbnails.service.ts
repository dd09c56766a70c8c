import sharp from 'sharp';
import type { Db } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { FileStore } from '../../platform/storage/index.ts';
import type { LivenessService } from './liveness.service.ts';
import { onboardingRepo, type OnboardingRow } from './onboarding.repo.ts';
import { uploadDecodeBudget } from './uploads.ts';

/** Small enough to show several on a phone's "Check and send" page; no detail a reviewer would need. */
const THUMBNAIL_SIDE = 240;
/** A stored upload is at most 3000 px a side (uploads.ts): what a decode here can cost. */
const STORED_MAX_PIXELS = 3000 * 3000;
const NONE = (detail: string) => new AppError('not_found', detail, { reason: 'NO_THUMBNAIL' });

/**
 * Small pictures of what the contact sent, for the flow's review page (issue 25): an uploaded photo by its slot,
 * or `liveness`, the frame of the last finished capture session the face match will use. Only through the link
 * (the token is the credential) and only while the flow is open: once submitted the link shows nothing of the
 * contact (flow.service.ts). PDFs have no picture (the page shows their name).
 */
export function createThumbnails(deps: {
  db: Db; files: FileStore; resolve: (token: string) => Promise<OnboardingRow>; liveness: Pick<LivenessService, 'lastRecord'>;
}) {
  async function storageKeyOf(row: OnboardingRow, name: string): Promise<string> {
    if (name === 'liveness') {
      const record = await deps.liveness.lastRecord(deps.db, row.client_id, row.contact_id, row.run_id);
      const frame = record?.frames.find((f) => f.seq === record.result.selfie_frame) ?? record?.frames.find((f) => f.step === 0);
      if (!frame) throw NONE('No liveness capture has finished yet');
      return frame.storage_key;
    }
    const file = (await onboardingRepo.files(deps.db, row.client_id, row.contact_id, row.run_id)).find((f) => f.slot === name);
    if (!file) throw NONE('Nothing has been uploaded here');
    if (file.media_type !== 'image/jpeg') throw NONE('This upload is not a photo');
    return file.storage_key;
  }

  return {
    /** A JPEG at most THUMBNAIL_SIDE px a side; 404 NO_THUMBNAIL when there is nothing to show. */
    async of(token: string, name: string): Promise<Buffer> {
      const row = await deps.resolve(token);
      const bytes = await deps.files.get(await storageKeyOf(row, name));
      return uploadDecodeBudget.run(STORED_MAX_PIXELS, () => sharp(bytes, { limitInputPixels: STORED_MAX_PIXELS, failOn: 'error' })
        .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 80 })
        .toBuffer());
    },
  };
}

export type Thumbnails = ReturnType<typeof createThumbnails>;
