import yauzl from 'yauzl';

/** Every entry of a ZIP archive (a file path or the bytes of a download), in archive order. */
export async function readZip(source: string | Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    const opened = (error: Error | null, file: yauzl.ZipFile) => (error ? reject(error) : resolve(file));
    if (typeof source === 'string') yauzl.open(source, { lazyEntries: true }, opened);
    else yauzl.fromBuffer(source, { lazyEntries: true }, opened);
  });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}
