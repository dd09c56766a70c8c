export { createFileStore, localDiskBackend, type FileStore, type BlobBackend } from './file-store.ts';
export { s3Backend, type S3Options } from './s3-backend.ts';
