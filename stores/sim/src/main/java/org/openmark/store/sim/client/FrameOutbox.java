package org.openmark.store.sim.client;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Sends the frames of many calling threads on one channel, several per system call, without a
 * writer thread: the caller that finds nobody sending becomes the sender and writes every frame
 * queued so far, its own and those that others queued meanwhile, in one write.
 *
 * <p>Implementation notes (flat combining). A caller queues its frame, then tries to take the
 * {@code sending} flag; if another caller holds it, it leaves at once and that caller sends the
 * frame. The holder drains the queue into one direct buffer, writes it, and repeats until the
 * queue is empty; after giving the flag back it looks at the queue once more. No frame is
 * stranded: a caller queues (a volatile write) and then reads the flag; the holder gives the
 * flag back (a volatile write) and then reads the queue, so one of the two sees the other.
 *
 * <p>Why no writer thread: handing each frame to a parked writer thread cost about 1.5 futex
 * calls and 0.7 context switches per request (of 4.5 and 2.2 in all, 8 closed-model threads,
 * counted with perf; see docs/simstore.md). Why a virtual caller yields
 * once before it sends: the virtual threads ready to run (callers just woken by the reader) then
 * queue their frames first and one write takes them all. A platform caller does not: yielding
 * its CPU while it holds the sending role could leave every frame waiting for a time slice of
 * some other thread. (With 64 closed-model threads it did cut the writes from 0.9 to 0.05 per
 * request, but the throughput did not measurably change.) Why a caller stops
 * after {@link #MAX_DRAINS_PER_CALLER} drains: under a steady stream of frames the queue may
 * never run empty, and the caller's own operation would wait (and be measured) for the others;
 * the relief thread, parked otherwise, then sends the rest. (It is a platform thread: once a
 * virtual thread has written to a socket the JDK makes it non-blocking, and every blocking read
 * of the platform reader thread then costs a poll call as well.) Why one direct buffer: the JDK
 * copies each heap buffer of a write into a temporary direct one.
 */
final class FrameOutbox {
    /** The batch buffer; a frame larger than this is written on its own. */
    static final int BATCH_BYTES = 64 * 1024;
    /** How many times one caller empties the queue before it hands the sending over. */
    static final int MAX_DRAINS_PER_CALLER = 4;
    /** How many frames {@link #enqueue} leaves queued before it sends them itself. */
    static final int MAX_UNSENT_FRAMES = 32;

    private final WritableByteChannel channel;
    private final Consumer<IOException> onBroken;
    private final ConcurrentLinkedQueue<byte[]> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean sending = new AtomicBoolean();
    /** Owned by the holder of {@code sending}. */
    private final ByteBuffer batch = ByteBuffer.allocateDirect(BATCH_BYTES);
    private final AtomicLong writes = new AtomicLong();
    /** Frames {@link #enqueue}d since a drain began (about: reset, not counted down). */
    private final AtomicInteger unsent = new AtomicInteger();
    private final AtomicLong handOvers = new AtomicLong();
    private final Thread relief;
    private volatile boolean closed;

    /**
     * @param onBroken told when a write fails on a thread that has no caller to tell (the
     *     thread that took over the sending)
     */
    FrameOutbox(WritableByteChannel channel, Consumer<IOException> onBroken) {
        this.channel = channel;
        this.onBroken = onBroken;
        this.relief = Thread.ofPlatform().daemon(true).name("simstore-client-sender").start(this::relieve);
    }

    /**
     * Queues one whole frame and sends it, here or on the thread that is sending already. An
     * {@link IOException} means the channel broke while this caller was sending; frames it
     * had taken from the queue may be lost (the connection is broken anyway).
     */
    void send(byte[] frame) throws IOException {
        queue.add(frame);
        sendQueued(MAX_DRAINS_PER_CALLER, Thread.currentThread().isVirtual());
    }

    /**
     * Queues one whole frame without sending it: the next {@link #send} or {@link #flush}, on any
     * thread, sends it with the others. Once {@link #MAX_UNSENT_FRAMES} are queued this way it
     * sends them itself, so a steady stream of started requests is never held back for long.
     */
    void enqueue(byte[] frame) throws IOException {
        queue.add(frame);
        if (unsent.incrementAndGet() >= MAX_UNSENT_FRAMES) {
            flush();
        }
    }

    /** Sends every queued frame, here or on the thread that is sending already. */
    void flush() throws IOException {
        sendQueued(MAX_DRAINS_PER_CALLER, false);
    }

    private void sendQueued(int maxDrains, boolean yieldFirst) throws IOException {
        int drains = 0;
        while (!queue.isEmpty() && sending.compareAndSet(false, true)) {
            try {
                if (drains == maxDrains) {
                    break;
                }
                if (drains == 0 && yieldFirst) {
                    // Let the virtual threads that are ready to run queue their frames first:
                    // then one write takes them all.
                    Thread.yield();
                }
                drain();
                drains++;
            } finally {
                sending.set(false);
            }
        }
        if (drains == maxDrains && !queue.isEmpty()) {
            handOver();
        }
    }

    /** Wakes the relief thread to send what is queued (the stream of frames outlasted a caller's turn). */
    private void handOver() {
        handOvers.incrementAndGet();
        LockSupport.unpark(relief);
    }

    /** The relief thread: parked until a caller hands the sending over (a permit given before it parks is kept). */
    private void relieve() {
        while (!closed) {
            LockSupport.park(this);
            try {
                sendQueued(Integer.MAX_VALUE, false);
            } catch (IOException e) {
                onBroken.accept(e);
                return;
            }
        }
    }

    /** Stops the relief thread (the channel is closed by its owner). */
    void close() {
        closed = true;
        LockSupport.unpark(relief);
    }

    private void drain() throws IOException {
        unsent.set(0);
        batch.clear();
        byte[] frame;
        while ((frame = queue.poll()) != null) {
            if (frame.length > batch.remaining()) {
                writeBatch();
            }
            if (frame.length > batch.capacity()) {
                writeFully(ByteBuffer.wrap(frame));
            } else {
                batch.put(frame);
            }
        }
        writeBatch();
    }

    private void writeBatch() throws IOException {
        if (batch.position() > 0) {
            batch.flip();
            writeFully(batch);
            batch.clear();
        }
    }

    private void writeFully(ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            channel.write(b);
        }
        writes.incrementAndGet();
    }

    /** Writes (batches, or frames too large for one) sent so far: fewer than frames when frames were combined. */
    long writes() {
        return writes.get();
    }

    /** How often a caller handed the sending over to a new thread. */
    long handOvers() {
        return handOvers.get();
    }
}
