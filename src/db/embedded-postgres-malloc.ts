// glibc's malloc settings for the embedded PostgreSQL's processes
// (docs/decisions/malloc-top-pad.md, docs/database.md#embedded-postgresql).
// A backend frees each statement's memory when the statement ends; where that memory sits at the
// top of the heap, glibc gives it back to the kernel (brk down) and the next statement takes it
// again (brk up, then a page fault for every page touched). Which backends fall into that depends
// on each one's history, so the same statement cost one of two levels, up to twice the other.
// MALLOC_TOP_PAD_ keeps that much heap when trimming, so the memory stays for the next statement.
// glibc reads it when each PostgreSQL process starts; the server is spawned with it by
// src/db/embedded-postgres.ts (src/config/child-environment.ts).

/** 8 MiB: 2 MiB left the one-organization statement steady but not a 900 KiB answer's. */
export const embeddedPostgresMalloc: Readonly<Record<string, string>> = {
  MALLOC_TOP_PAD_: String(8 * 1024 * 1024),
};
