// Digests, zlib streams, the allocator's large-block policy, thread priority, anonymous files and the kernel's file copy from system libraries, for Platform's Digest and Zlib (no other Swift target imports this module; the C of CCodecs and CNcursesw includes dl_library.h beside it).
#ifndef CSYSTEM_H
#define CSYSTEM_H

#include <stddef.h>
#include <stdint.h>

/// Writes the MD5 digest of `data` (16 bytes) to `digest` (libmd).
void cc_md5(const uint8_t *data, size_t len, uint8_t digest[16]);

/// The CRC-32 (ISO 3309, as in PNG and zip) of `data` (zlib).
uint32_t cc_crc32(const uint8_t *data, size_t len);

/// zlib's compress2 of `data` at `level` (0–9) into a malloc'd buffer (free it), its length in
/// `out_len`; NULL when out of memory.
uint8_t *cc_zlib_compress(const uint8_t *data, size_t len, int level, size_t *out_len);

/// zlib's uncompress of `data` into `out`, which holds `*out_len` bytes; sets `*out_len` to the
/// length written. 0 on success, -1 when the data is corrupt or does not fit.
int cc_zlib_uncompress(const uint8_t *data, size_t len, uint8_t *out, size_t *out_len);

/// zlib's inflate of `data` through a 64 KB buffer, the output dropped: the length it inflates
/// to, or -1 when it is not a whole zlib stream (what inflating alone costs, for benchmarks).
int64_t cc_zlib_inflated_length(const uint8_t *data, size_t len);

/// Makes every allocation of `at_least` bytes or more a mapping of its own, given back to the
/// system when freed (glibc's mallopt M_MMAP_THRESHOLD; nothing elsewhere). 0 on success.
int cc_map_large_blocks(size_t at_least);

/// The calling thread's nice value (Linux: each thread has its own; 0 elsewhere).
int cc_thread_niceness(void);

/// Raises the calling thread's nice value by `by` (at most to 19): when it competes for a core
/// with normal threads it gets a small share (at +10 about a tenth of a nice-0 thread's), and
/// alone it runs at full speed (Linux's per-thread setpriority; nothing elsewhere). 0 on success.
int cc_lower_thread_priority(int by);

/// A new file that lives in memory and has no name in any folder (Linux's memfd_create, closed
/// on exec): its descriptor, or -1 with errno set (ENOSYS elsewhere).
int cc_anonymous_file(const char *name);

/// 1 when the terminal `fd` has this process's group in the foreground (or is no controlling
/// terminal); 0 when another job has it.
int cc_is_foreground(int fd);

/// 1 when SIGTTIN would stop this process (it is not ignored).
int cc_sigttin_stops(void);

/// Stops this process group (SIGTTIN) until it is the foreground job of terminal `fd`, as a
/// job-control program does; 0 once it is, -1 when it cannot wait (SIGTTIN ignored, or the
/// group orphaned: its stop signals are discarded).
int cc_wait_for_foreground(int fd);

/// Stops the job as Ctrl-Z would outside raw mode, and returns once it is continued (`fg`):
/// `signo` (SIGTSTP) sent to the whole process group (`kill(0, …)`, as vim and less do), so
/// that the rest of a pipeline stops too and the shell, which waits until all of a job has
/// stopped, gives its prompt; this process, which ignores that one, stops with one sent to the
/// calling thread at its default action, so the stop cannot be taken by another thread after
/// the disposition is put back. The signal's disposition and mask are put back after.
/// Async-signal-safe.
void cc_stop_job(int signo);

/// copy_file_range(2) of up to `count` bytes from `from`'s offset to `to`'s (both advance): the
/// bytes copied, 0 at the end of `from`, -1 with errno (ENOSYS where there is no such call).
long cc_copy_file_range(int from, int to, size_t count);

/// renameat2(2) with RENAME_NOREPLACE: moves `from` to `to` unless `to` exists (EEXIST); 0, or
/// -1 with errno (EINVAL where the file system cannot, ENOSYS where there is no such call).
int cc_rename_noreplace(const char *from, const char *to);

/// Remembers `fd`'s terminal mode (tcgetattr) and, for each of the `count` signals whose
/// disposition is the default, installs a handler that puts that mode back and then lets the
/// signal end the program as it would have: a tty left without echo by a program killed in
/// the middle of a query is the shell's problem for good. SIGTSTP too, when at its default:
/// its handler puts the mode back, stops the job, and on `fg` sets again the mode it found.
/// Signals with a handler of their own (or ignored) are left alone. 0 on success, -1 when
/// the mode cannot be read (nothing armed then).
int cc_terminal_mode_arm(int fd, const int *signals, int count);

/// Puts back the dispositions `cc_terminal_mode_arm` replaced; call it once the mode is restored.
void cc_terminal_mode_disarm(void);

/// Remembers `fd`'s terminal mode and `leave` (the bytes that take the screen's modes back:
/// alternate screen, mouse tracking, cursor) and, for each of the `count` fault signals not
/// ignored, installs a handler that writes `leave` to `fd`, puts the mode back, writes what a
/// `cc_stderr_hold_begin` held on the real stderr, a line saying so to `fd`, runs the handler it replaced (the Swift runtime's backtracer) if any, and then lets the
/// default action end the program. 0 on success,
/// -1 when the mode cannot be read or `leave` is over 256 bytes (nothing armed then).
int cc_crash_guard_arm(int fd, const char *leave, size_t length, const int *signals, int count);

/// Puts back the dispositions `cc_crash_guard_arm` replaced; call it before the screen is given back.
void cc_crash_guard_disarm(void);

/// How many bytes of held stderr are kept; past it they are only counted.
#define CC_STDERR_HOLD_LIMIT 65536

/// Starts a hold of stderr (one at a time: fd 2 is one): `saved` is the real stderr, `reader`
/// the read end of the pipe fd 2 is about to become. From here a crash caught by
/// `cc_crash_guard_arm`'s handler puts `saved` back on fd 2 and writes what was held there.
void cc_stderr_hold_begin(int saved, int reader);

/// Reads `reader` until every write end is closed, keeping the first `CC_STDERR_HOLD_LIMIT`
/// bytes and counting the rest; run it on a thread of its own (it does not close `reader`).
void cc_stderr_hold_drain(int reader);

/// The real stderr given to `cc_stderr_hold_begin`, for the caller to put back; -1 when it was
/// already claimed (a second release, or a crash). The hold's bytes stay until the next begin.
int cc_stderr_hold_claim(void);

/// Writes what was held to `fd`, then, when bytes were past the limit, a line counting them;
/// call it once `cc_stderr_hold_drain` has returned.
void cc_stderr_hold_write(int fd);

#endif
