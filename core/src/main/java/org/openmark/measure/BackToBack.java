package org.openmark.measure;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.openmark.api.Status;

/**
 * Operations that ran back to back, unpaced, kept to be recorded together: a closed-model call
 * chain's. Each started when the one before it ended, and its intended start is its actual start
 * (no schedule), so its response time is its service time and its send lag zero. The writer that
 * made it ({@link MeasurementWriter#backToBack}) records them all at the chain's end, in one go
 * ({@link MeasurementWriter#record(BackToBack)}): one entry into its phase with the collector,
 * where each operation on its own would take a volatile store.
 *
 * <p>A call that stalls must not hold back the operations that ended before it: the collector
 * takes those itself at each collection ({@link #takeInto}), so they count in the interval they
 * ended in, and in the run when the client is still stuck at its end. The writer and the
 * collector split a chain without waiting for each other. Each added operation is published with
 * a release store of the count. The collector copies the published operations it has not taken,
 * then takes them with one compare-and-set of a word that holds the chain's generation and how
 * many were taken. At the chain's end the writer seals it: it swaps that word for the next
 * generation's, learns how many the collector took, and records the others. It writes the next
 * chain's operations only after sealing, so a copy whose compare-and-set succeeded was read
 * before they were written; a copy that raced with a seal fails its compare-and-set and is
 * dropped, and the writer records those operations. Each operation is recorded exactly once.
 *
 * <p>One writer thread adds and records; one collector thread at a time takes.
 */
public final class BackToBack {
    /** The low bits of {@link #taken}: how many of the chain's operations the collector took. */
    private static final int COUNT_BITS = 16;
    private static final long COUNT_MASK = (1L << COUNT_BITS) - 1;
    private static final VarHandle PUBLISHED;
    private static final VarHandle TAKEN;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            PUBLISHED = lookup.findVarHandle(BackToBack.class, "published", int.class);
            TAKEN = lookup.findVarHandle(BackToBack.class, "taken", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String[] names;
    private final Status[] statuses;
    private final long[] starts;
    private final long[] ends;
    /** The writer's count. */
    private int size;
    /** The count the collector may read: {@link #size} published with a release store. */
    @SuppressWarnings("unused") // through PUBLISHED
    private volatile int published;
    /** The chain's generation (high bits) and how many of its operations the collector took (low bits). */
    @SuppressWarnings("unused") // through TAKEN
    private volatile long taken;
    /** The writer's copy of the generation in {@link #taken}; only the writer changes it. */
    private long generation;

    /** Room for {@code capacity} operations (at most 65,535). */
    BackToBack(int capacity) {
        if (capacity < 1 || capacity > COUNT_MASK) {
            throw new IllegalArgumentException("capacity " + capacity + ", allowed 1 to " + COUNT_MASK);
        }
        names = new String[capacity];
        statuses = new Status[capacity];
        starts = new long[capacity];
        ends = new long[capacity];
    }

    /** Adds an operation that ran from {@code startNanos} to {@code completedNanos}. Writer only. */
    public void add(String op, Status status, long startNanos, long completedNanos) {
        int i = size;
        names[i] = op;
        statuses[i] = status;
        starts[i] = startNanos;
        ends[i] = completedNanos;
        size = i + 1;
        PUBLISHED.setRelease(this, i + 1);
    }

    /** How many operations it holds. */
    public int size() {
        return size;
    }

    /** The {@code i}-th operation's name. */
    public String name(int i) {
        return names[i];
    }

    /** The {@code i}-th operation's status. */
    public Status status(int i) {
        return statuses[i];
    }

    /** When the {@code i}-th operation started (clock nanos). */
    public long start(int i) {
        return starts[i];
    }

    /** When the {@code i}-th operation ended (clock nanos). */
    public long end(int i) {
        return ends[i];
    }

    /**
     * Writer, at the chain's end: from now on no collector takes any of its operations. Returns
     * how many it took, the first ones; the writer records the rest, then {@link #clear}s.
     */
    int seal() {
        // Before the new generation is visible: a collector that sees it sees no old count.
        PUBLISHED.setRelease(this, 0);
        generation++;
        long before = (long) TAKEN.getAndSet(this, generation << COUNT_BITS);
        return (int) (before & COUNT_MASK);
    }

    /** Writer, after {@link #seal}: empty for the next chain. */
    void clear() {
        size = 0;
    }

    /**
     * Collector: copies the operations published and not yet taken into {@code into} (emptied
     * first, as large as this) and takes them; returns how many. Never waits for the writer: a
     * copy that raced with the chain's end is dropped and 0 returned, the writer records those.
     */
    int takeInto(BackToBack into) {
        into.size = 0;
        long before = (long) TAKEN.getVolatile(this);
        int from = (int) (before & COUNT_MASK);
        int to = (int) PUBLISHED.getAcquire(this);
        if (to <= from) {
            return 0;
        }
        for (int i = from; i < to; i++) {
            into.names[into.size] = names[i];
            into.statuses[into.size] = statuses[i];
            into.starts[into.size] = starts[i];
            into.ends[into.size] = ends[i];
            into.size++;
        }
        // Succeeds only if the writer has not sealed since `before`: then it had not begun to
        // overwrite what was copied (the copy's reads come before this in every order).
        if (!TAKEN.compareAndSet(this, before, (before & ~COUNT_MASK) | to)) {
            into.size = 0;
            return 0;
        }
        return to - from;
    }
}
