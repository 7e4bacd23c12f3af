package org.openmark.store.sim.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The combining sender: every frame is written once, whole, in each caller's order, with no writer thread in the way. */
@Timeout(60)   // a safety net against a hang, not a speed assertion
class FrameOutboxTest {

    /** Records everything written; takes at most {@code maxBytesPerWrite} per call (partial writes). */
    private static class RecordingChannel implements WritableByteChannel {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final int maxBytesPerWrite;
        final AtomicInteger calls = new AtomicInteger();

        RecordingChannel(int maxBytesPerWrite) {
            this.maxBytesPerWrite = maxBytesPerWrite;
        }

        @Override
        public synchronized int write(ByteBuffer src) throws IOException {
            calls.incrementAndGet();
            int n = Math.min(src.remaining(), maxBytesPerWrite);
            for (int i = 0; i < n; i++) {
                bytes.write(src.get());
            }
            notifyAll();
            return n;
        }

        synchronized byte[] written() {
            return bytes.toByteArray();
        }

        /** Waits (at most 10 s) until {@code frames} whole frames are written; returns how many are. */
        synchronized int awaitFrames(int frames) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            int n;
            while ((n = countFrames(bytes.toByteArray())) < frames && System.nanoTime() < deadline) {
                wait(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            }
            return n;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }

    /** A frame: int length, int writer, int sequence number, padding. */
    private static byte[] frame(int writer, int seq, int length) {
        ByteBuffer b = ByteBuffer.allocate(length);
        b.putInt(length).putInt(writer).putInt(seq);
        return b.array();
    }

    private static FrameOutbox outbox(WritableByteChannel channel, AtomicReference<IOException> broken) {
        return new FrameOutbox(channel, broken::set);
    }

    @Test
    void send_whileAnotherCallerWrites_returnsAtOnceAndGoesOutInTheSendersNextWrite() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch gate = new CountDownLatch(1);
        RecordingChannel channel = new RecordingChannel(Integer.MAX_VALUE) {
            @Override
            public int write(ByteBuffer src) throws IOException {
                if (calls.get() == 0) {
                    entered.countDown();
                    awaitQuietly(gate);
                }
                return super.write(src);
            }
        };
        FrameOutbox outbox = outbox(channel, new AtomicReference<>());
        Thread first = Thread.ofPlatform().start(() -> sendQuietly(outbox, frame(0, 0, 16)));
        entered.await();
        // The first caller is inside its write: these return without writing (or the test hangs).
        for (int seq = 1; seq <= 3; seq++) {
            outbox.send(frame(0, seq, 16));
        }
        gate.countDown();
        first.join();
        assertEquals(2, outbox.writes());
        assertEquals(List.of(0, 1, 2, 3), sequences(channel.written(), 0));
    }

    @Test
    void send_manyThreads_everyFrameWrittenOnceWholeAndInEachThreadsOrder() throws Exception {
        RecordingChannel channel = new RecordingChannel(100);   // partial writes too
        FrameOutbox outbox = outbox(channel, new AtomicReference<>());
        int threads = 16;
        int frames = 500;
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int writer = t;
            Thread.Builder builder = t % 2 == 0 ? Thread.ofPlatform() : Thread.ofVirtual();
            started.add(builder.start(() -> {
                for (int seq = 0; seq < frames; seq++) {
                    sendQuietly(outbox, frame(writer, seq, 12 + (seq * 7 + writer) % 300));
                }
            }));
        }
        for (Thread t : started) {
            t.join();
        }
        awaitAllWritten(channel, threads * frames);
        for (int t = 0; t < threads; t++) {
            List<Integer> expected = new ArrayList<>();
            for (int seq = 0; seq < frames; seq++) {
                expected.add(seq);
            }
            assertEquals(expected, sequences(channel.written(), t), "writer " + t);
        }
    }

    @Test
    void send_frameLargerThanTheBatch_writtenWholeBetweenItsNeighbours() throws Exception {
        RecordingChannel channel = new RecordingChannel(Integer.MAX_VALUE);
        FrameOutbox outbox = outbox(channel, new AtomicReference<>());
        outbox.send(frame(0, 0, 20));
        outbox.send(frame(0, 1, FrameOutbox.BATCH_BYTES * 3));
        outbox.send(frame(0, 2, 20));
        assertEquals(List.of(0, 1, 2), sequences(channel.written(), 0));
        assertEquals(20 + FrameOutbox.BATCH_BYTES * 3 + 20, channel.written().length);
    }

    @Test
    void send_streamOutlastsTheCallersTurn_callerReturnsAndTheReliefThreadSendsTheRest() throws Exception {
        int more = 10;
        CountDownLatch allWritten = new CountDownLatch(1 + more);
        AtomicReference<FrameOutbox> box = new AtomicReference<>();
        AtomicInteger queued = new AtomicInteger();
        RecordingChannel channel = new RecordingChannel(Integer.MAX_VALUE) {
            @Override
            public int write(ByteBuffer src) throws IOException {
                int n = super.write(src);
                allWritten.countDown();
                // Another caller queues a frame during every write: the queue never runs empty.
                int seq = queued.incrementAndGet();
                if (seq <= more) {
                    sendQuietly(box.get(), frame(0, seq, 16));
                }
                return n;
            }
        };
        FrameOutbox outbox = outbox(channel, new AtomicReference<>());
        box.set(outbox);
        outbox.send(frame(0, 0, 16));
        // The caller did its share of drains and handed the rest over.
        assertEquals(1, outbox.handOvers());
        allWritten.await();
        List<Integer> expected = new ArrayList<>();
        for (int seq = 0; seq <= more; seq++) {
            expected.add(seq);
        }
        assertEquals(expected, sequences(channel.written(), 0));
        outbox.close();
    }

    @Test
    void send_channelBreaks_senderGetsTheIOException() {
        WritableByteChannel broken = new RecordingChannel(1) {
            @Override
            public int write(ByteBuffer src) throws IOException {
                throw new IOException("connection reset");
            }
        };
        FrameOutbox outbox = outbox(broken, new AtomicReference<>());
        IOException e = assertThrows(IOException.class, () -> outbox.send(frame(0, 0, 16)));
        assertEquals("connection reset", e.getMessage());
        outbox.close();
    }

    /** The sequence numbers of {@code writer}'s frames in the stream, in stream order; fails on a torn frame. */
    private static List<Integer> sequences(byte[] stream, int writer) {
        ByteBuffer b = ByteBuffer.wrap(stream);
        List<Integer> seqs = new ArrayList<>();
        while (b.hasRemaining()) {
            int start = b.position();
            int length = b.getInt();
            int w = b.getInt();
            int seq = b.getInt();
            byte[] rest = new byte[length - 12];
            b.get(rest);
            assertArrayEquals(new byte[length - 12], rest, "frame at " + start + " is torn");
            if (w == writer) {
                seqs.add(seq);
            }
        }
        return seqs;
    }

    /** Waits until {@code frames} whole frames are written (the relief thread may still be sending after the callers returned). */
    private static void awaitAllWritten(RecordingChannel channel, int frames) throws InterruptedException {
        assertEquals(frames, channel.awaitFrames(frames));
    }

    private static int countFrames(byte[] stream) {
        ByteBuffer b = ByteBuffer.wrap(stream);
        int n = 0;
        while (b.remaining() >= 4 && b.remaining() >= b.getInt(b.position())) {
            b.position(b.position() + b.getInt(b.position()));
            n++;
        }
        return n;
    }

    private static void sendQuietly(FrameOutbox outbox, byte[] frame) {
        try {
            outbox.send(frame);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
