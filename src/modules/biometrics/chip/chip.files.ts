/** Reads a folder of chip files and runs passive authentication (filled in by the chip work). */
export async function verifyChipFolder(_folder: string, _options: { trustDir?: string; printedMrz?: string }): Promise<{ passed: boolean }> {
  throw new Error('chip verification is not implemented yet');
}
