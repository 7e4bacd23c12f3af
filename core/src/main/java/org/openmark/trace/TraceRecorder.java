package org.openmark.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.openmark.api.Status;
import org.openmark.config.ConfigException;
import org.openmark.load.OperationLog;
import org.openmark.workload.Operation;
import org.openmark.workload.OperationTarget;

/**
 * Records every operation of a phase to a trace file ({@code --record-ops}), off the threads that run
 * the schedule.
 *
 * <p>Implementation notes. A thread that saw an operation end only offers a small entry (the
 * operation, its status, its three times, its client) to a bounded queue and goes on: it never
 * encodes, compresses, writes, waits or wakes anybody (the writer is never parked on the queue: it
 * drains it and sleeps {@value #IDLE_NANOS} ns when it finds it empty). One writer thread of the recorder's own drains the queue,
 * asks each operation what it touched ({@link Operation#target}), encodes and compresses it
 * ({@link TraceWriter}) and flushes the file about every {@value #FLUSH_EVERY_MILLIS} ms, so that a
 * run that dies leaves a trace readable up to then (marked incomplete: it has no end mark). Memory is
 * bounded by the queue ({@value #CAPACITY} entries); should the writer fall that far behind, an entry
 * that does not fit is dropped and counted rather than making the schedule wait, and the end mark and
 * the run's warnings say how many.
 */
public final class TraceRecorder implements OperationLog, AutoCloseable {
    /** The entries waiting for the writer, at most. */
    static final int CAPACITY = 1 << 15;
    /** How often the writer makes what it wrote readable. */
    static final long FLUSH_EVERY_MILLIS = 1_000;
    private static final int BATCH = 1 << 10;
    /**
     * How long the writer sleeps when it found nothing queued: 10 ms, about 1,000 operations at 100,000/s (a
     * tenth of the buffer). Each wake-up costs a few microseconds of system time; at 1 ms they were a third of
     * the writer's CPU.
     */
    private static final long IDLE_NANOS = 10_000_000;

    private final Path file;
    private final TraceWriter writer;
    private final ArrayBlockingQueue<Entry> queue = new ArrayBlockingQueue<>(CAPACITY);
    private final AtomicLong dropped = new AtomicLong();
    private final Thread thread;
    private volatile long startNanos;
    private volatile boolean closing;
    private volatile IOException failure;
    private boolean finished;

    private record Entry(Operation op, Status status, long intended, long actual, long end, int client) {
    }

    private TraceRecorder(Path file, TraceWriter writer) {
        this.file = file;
        this.writer = writer;
        this.thread = Thread.ofPlatform().name("openmark-trace-writer").daemon().unstarted(this::drain);
    }

    /**
     * Creates {@code file} (replacing it) with {@code header} and starts the writer. A file that cannot
     * be created is bad input naming {@code flag}.
     */
    public static TraceRecorder start(String flag, Path file, TraceHeader header) {
        OutputStream out;
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null && !Files.isDirectory(parent)) {
                throw ConfigException.of(flag, file.toString(), "its directory " + parent + " does not exist");
            }
            out = Files.newOutputStream(file);
        } catch (IOException e) {
            throw ConfigException.of(flag, file.toString(), "cannot be written (" + e.getMessage() + ")");
        }
        try {
            TraceRecorder r = new TraceRecorder(file, new TraceWriter(out, header));
            r.thread.start();
            return r;
        } catch (IOException e) {
            try {
                out.close();
            } catch (IOException ignored) {
                // the first failure is the one to report
            }
            throw ConfigException.of(flag, file.toString(), "cannot be written (" + e.getMessage() + ")");
        }
    }

    @Override
    public void opened(long startNanos) {
        this.startNanos = startNanos;
    }

    @Override
    public void ended(Operation op, Status status, long intendedStartNanos, long actualStartNanos, long endNanos,
            int client) {
        if (!queue.offer(new Entry(op, status, intendedStartNanos, actualStartNanos, endNanos, client))) {
            dropped.incrementAndGet();
        }
    }

    private void drain() {
        List<Entry> batch = new ArrayList<>(BATCH);
        long lastFlush = System.nanoTime();
        try {
            while (true) {
                // Never waits on the queue itself: a writer parked in the queue's poll would make every offer
                // wake it (a system call on the thread that runs the schedule). It sleeps a little instead.
                boolean closed = closing;
                if (queue.drainTo(batch, BATCH) > 0) {
                    for (Entry e : batch) {
                        write(e);
                    }
                    batch.clear();
                } else if (closed) {
                    return; // nothing was queued after the phase ended
                } else {
                    LockSupport.parkNanos(IDLE_NANOS);
                }
                long now = System.nanoTime();
                if (now - lastFlush >= TimeUnit.MILLISECONDS.toNanos(FLUSH_EVERY_MILLIS)) {
                    writer.flush();
                    lastFlush = now;
                }
            }
        } catch (IOException e) {
            failure = e;
            queue.clear(); // nothing more can be written: entries are no longer kept
        }
    }

    private void write(Entry e) throws IOException {
        long base = startNanos;
        OperationTarget t = e.op().target();
        writer.write(e.intended() - base, e.actual() - base, e.end() - base, e.op().name(),
                t == null ? null : t.table(), t == null ? null : t.key(), t == null ? 0 : t.fieldCount(),
                t == null ? 0 : t.bytes(), t == null ? 0 : t.scanLength(), e.status().name(), e.client());
    }

    /**
     * Writes what is queued and the end mark: the trace is complete. Call once the phase has ended
     * (no operation ends any more).
     *
     * @param interrupted the run was stopped before its end
     * @throws UncheckedIOException naming the file when it could not be written
     */
    public TraceEnd finish(boolean interrupted) {
        stopWriter();
        finished = true;
        try {
            if (failure != null) {
                writer.close();
                throw failure;
            }
            writer.finish(dropped.get(), interrupted);
            return new TraceEnd(writer.operations(), dropped.get(), interrupted);
        } catch (IOException e) {
            throw new UncheckedIOException(new IOException(file + ": the trace could not be written (" + e.getMessage()
                    + "); what it holds is marked incomplete", e));
        }
    }

    private void stopWriter() {
        closing = true;
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Without {@link #finish}: stops writing and leaves the trace incomplete (the phase failed). */
    @Override
    public void close() {
        if (finished) {
            return;
        }
        finished = true;
        stopWriter();
        try {
            writer.close();
        } catch (IOException e) {
            // already failing: the trace is incomplete either way
        }
    }

    /** The operations the writer has written so far (all of them once {@link #finish} or {@link #close} returned). */
    public long operationsWritten() {
        return writer.operations();
    }

    public Path file() {
        return file;
    }
}
