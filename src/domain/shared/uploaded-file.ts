/** A file a client sent, already on local disk in the scratch area. */
export interface UploadedFile {
  field: string;
  path: string;
  /** As the client named it: metadata only, never part of a path. */
  filename: string;
  mimetype: string;
  size: number;
}
