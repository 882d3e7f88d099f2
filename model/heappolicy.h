#pragma once
// How the process's heap treats a profile's big tables (glibc's malloc; elsewhere these do
// nothing). Chosen once, first thing in main(), by what the process is for.
namespace xsprof::HeapPolicy {

// Loading a profile frees tables as fast as it fills new ones (the raw nodes, the parsers'
// buffers, the ids that become stacks): with this, the pages of a freed table serve the
// next ones, from one heap for every thread (a thread's own heap would keep what it freed
// from the others). A page faulted in fresh costs more than what it holds: 2 µs a page on
// the project's VM, a fifth of the CPU time of a 1M-sample report. For `report`, `convert`,
// `diff` and the window; the window gives the pages back with giveBackFreedPages().
void reuseFreedTables();

// Every big table in its own mapping, given back to the system the moment it is freed. For
// `listen`, which runs for hours and has no moment to give pages back.
void keepBigTablesInTheirOwnMappings();

// Gives the free pages of the heap back to the system: after a load, and when a document
// closes.
void giveBackFreedPages();

} // namespace xsprof::HeapPolicy
