// Whether a process id names a running process, for the data-directory lock and the published
// embedded PostgreSQL address (docs/database.md#embedded-postgresql): signal 0 checks without
// delivering anything; EPERM means it exists but belongs to another user.

export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
