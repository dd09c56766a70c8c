export { createFileStore, localDiskBackend, type FileStore, type BlobBackend } from './file-store.ts';
