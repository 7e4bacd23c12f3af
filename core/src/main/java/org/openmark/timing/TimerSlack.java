package org.openmark.timing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The timer slack of the threads that keep a schedule. Linux lets a timed wait of an ordinary
 * thread end up to the thread's timer slack late, 50 µs by default, so that wake-ups coalesce; for
 * a thread that starts operations at their intended times that is send lag: the open model's
 * median send lag at 1,000/s was 73 µs with the default and 19 µs with a slack of 1 ns. So the
 * threads that wait for intended times set their own slack to 1 ns, by writing
 * {@code /proc/<tid>/timerslack_ns} (Linux 4.6 and later; a thread may set its own without
 * privileges). Elsewhere, or where the kernel refuses, nothing changes: the first failure is
 * remembered and later threads do not try again.
 */
public final class TimerSlack {
    /** The slack asked for: the least the kernel allows (0 would mean "the default"). */
    static final long NANOS = 1;
    private static volatile boolean unavailable = !System.getProperty("os.name", "").startsWith("Linux");

    private TimerSlack() {
    }

    /**
     * Sets the calling thread's timer slack to {@link #NANOS}; false when this system does not
     * allow it. Call it on a platform thread (a virtual thread would set its carrier's).
     */
    public static boolean tightenThisThread() {
        if (unavailable) {
            return false;
        }
        try {
            Files.writeString(file(), Long.toString(NANOS), StandardCharsets.US_ASCII);
            return true;
        } catch (IOException | RuntimeException e) {
            unavailable = true;
            return false;
        }
    }

    /** The calling thread's timer slack in nanoseconds, or -1 when this system does not tell (tests). */
    static long ofThisThread() {
        try {
            return Long.parseLong(Files.readString(file(), StandardCharsets.US_ASCII).trim());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** {@code /proc/<tid>/timerslack_ns} of the calling thread ({@code /proc/thread-self} names {@code <pid>/task/<tid>}). */
    private static Path file() throws IOException {
        Path self = Files.readSymbolicLink(Path.of("/proc/thread-self"));
        return Path.of("/proc", self.getFileName().toString(), "timerslack_ns");
    }
}
