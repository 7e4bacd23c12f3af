package org.openmark.store.sim.client;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.openmark.store.sim.engine.SimReply;
import org.openmark.store.sim.engine.SimRequest;
import org.openmark.store.sim.protocol.FrameBuilder;
import org.openmark.store.sim.protocol.FrameReader;
import org.openmark.store.sim.protocol.Handshake;
import org.openmark.store.sim.protocol.ProtocolException;
import org.openmark.store.sim.protocol.ReplyCodec;
import org.openmark.store.sim.protocol.RequestCodec;
import org.openmark.store.sim.protocol.Wire;

/**
 * One TCP connection to a simulated store server, shared by many sessions: each request gets
 * an id, the reply is matched by id, so calls from several threads are pipelined.
 *
 * <p>Implementation notes: callers put their frame on a queue and wake the connection's
 * writer thread, which sends everything queued in one gathering write. Sessions usually run on
 * virtual threads, which take turns on few carriers; if each wrote its own frame, every request
 * would cost a system call, whereas the writer sends all frames queued while it was busy in
 * one. (Park/unpark permits make the hand-off race-free: an unpark before the writer parks
 * makes that park return at once.) One reader thread decodes replies and completes the waiting
 * futures. When the connection breaks, every waiting and later call fails with an
 * {@link IOException}.
 */
public final class SimConnection implements AutoCloseable {
    private static final int READ_BUFFER_BYTES = 64 * 1024;
    private static final int MAX_BUFFERS_PER_WRITE = 64;

    private final SocketChannel channel;
    private final int maxFrameBytes;
    private final Map<Long, CompletableFuture<SimReply>> pending = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<ByteBuffer> outbox = new ConcurrentLinkedQueue<>();
    private final AtomicLong ids = new AtomicLong();
    private final Thread reader;
    private final Thread writer;
    private volatile IOException failure;

    private SimConnection(SocketChannel channel, int maxFrameBytes, ByteBuffer leftover) {
        this.channel = channel;
        this.maxFrameBytes = maxFrameBytes;
        this.reader = Thread.ofPlatform().daemon(true).name("simstore-client-reader").unstarted(() -> readLoop(leftover));
        this.writer = Thread.ofPlatform().daemon(true).name("simstore-client-writer").unstarted(this::writeLoop);
        reader.start();
        writer.start();
    }

    /** Connects and performs the handshake. */
    public static SimConnection open(InetSocketAddress address) throws IOException {
        SocketChannel ch = SocketChannel.open();
        try {
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            ch.connect(address);
            writeFully(ch, Handshake.clientHello());
            ByteBuffer in = ByteBuffer.allocate(READ_BUFFER_BYTES);
            // The hello reply is small; accept any frame up to the read buffer to learn the limit.
            FrameReader frames = new FrameReader(READ_BUFFER_BYTES - Wire.HEADER_BYTES);
            ByteBuffer payload;
            while (true) {
                in.flip();
                payload = frames.next(in);
                in.compact();
                if (payload != null) {
                    break;
                }
                if (ch.read(in) < 0) {
                    throw new EOFException("the server at " + address + " closed the connection during the handshake");
                }
            }
            ReplyCodec.Decoded hello = ReplyCodec.decode(payload);
            if (hello instanceof ReplyCodec.HelloOk ok) {
                in.flip();
                return new SimConnection(ch, ok.maxFrameBytes(), in);
            }
            SimReply reply = ((ReplyCodec.Reply) hello).frame().reply();
            String why = reply instanceof SimReply.ErrorReply e ? e.message() : reply.toString();
            throw new IOException("the server at " + address + " refused the handshake: " + why);
        } catch (ProtocolException e) {
            ch.close();
            throw new IOException("the server at " + address + " does not speak the simulated store protocol: "
                    + e.getMessage(), e);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** The server's frame limit. */
    public int maxFrameBytes() {
        return maxFrameBytes;
    }

    /**
     * Sends a request and blocks until its reply arrives.
     *
     * @param frames the caller's own (reused) frame builder
     * @throws ProtocolException when the request does not fit in one frame (nothing was sent)
     * @throws IOException when the connection is broken
     */
    public SimReply call(SimRequest request, FrameBuilder frames)
            throws IOException, ProtocolException, InterruptedException {
        IOException broken = failure;
        if (broken != null) {
            throw new IOException("connection to the simulated store is broken: " + broken.getMessage(), broken);
        }
        long id = ids.incrementAndGet();
        ByteBuffer encoded = RequestCodec.encode(id, request, frames);
        ByteBuffer frame = ByteBuffer.allocate(encoded.remaining()).put(encoded).flip();
        CompletableFuture<SimReply> reply = new CompletableFuture<>();
        pending.put(id, reply);
        if (failure != null) {
            // The reader may have failed everything just before we registered.
            pending.remove(id);
            throw new IOException("connection to the simulated store is broken: " + failure.getMessage(), failure);
        }
        outbox.add(frame);
        LockSupport.unpark(writer);
        try {
            return reply.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } finally {
            pending.remove(id);
        }
    }

    private void writeLoop() {
        ByteBuffer[] batch = new ByteBuffer[MAX_BUFFERS_PER_WRITE];
        try {
            while (failure == null) {
                int n = 0;
                ByteBuffer b;
                while (n < batch.length && (b = outbox.poll()) != null) {
                    batch[n++] = b;
                }
                if (n == 0) {
                    LockSupport.park(this);
                    continue;
                }
                while (batch[n - 1].hasRemaining()) {
                    channel.write(batch, 0, n);
                }
                Arrays.fill(batch, 0, n, null);
            }
        } catch (IOException e) {
            fail(e);
        }
    }

    private void readLoop(ByteBuffer leftover) {
        FrameReader frames = new FrameReader(maxFrameBytes);
        ByteBuffer in = ByteBuffer.allocate(Math.max(READ_BUFFER_BYTES, leftover.remaining()));
        in.put(leftover);
        try {
            while (true) {
                in.flip();
                ByteBuffer payload;
                while ((payload = frames.next(in)) != null) {
                    deliver(ReplyCodec.decode(payload));
                }
                int needed = frames.bytesNeeded(in);
                in.compact();
                if (in.capacity() < needed) {
                    ByteBuffer bigger = ByteBuffer.allocate(needed);
                    in.flip();
                    bigger.put(in);
                    in = bigger;
                }
                if (channel.read(in) < 0) {
                    throw new EOFException("the simulated store server closed the connection");
                }
            }
        } catch (IOException e) {
            fail(e);
        } catch (ProtocolException e) {
            fail(new IOException("bad reply from the simulated store server: " + e.getMessage(), e));
        }
    }

    private void deliver(ReplyCodec.Decoded decoded) throws ProtocolException {
        if (!(decoded instanceof ReplyCodec.Reply r)) {
            throw new ProtocolException(SimReply.ErrorReply.MALFORMED, "unexpected second hello");
        }
        CompletableFuture<SimReply> waiting = pending.get(r.frame().requestId());
        if (waiting != null) {
            waiting.complete(r.frame().reply());
        } else if (r.frame().reply() instanceof SimReply.ErrorReply e) {
            // A connection-level error (request id 0): the server closes the connection next.
            fail(new IOException("the simulated store server reported: " + e.message()));
        }
    }

    private void fail(IOException e) {
        if (failure == null) {
            failure = e;
        }
        for (CompletableFuture<SimReply> f : pending.values()) {
            f.completeExceptionally(failure);
        }
        LockSupport.unpark(writer);
        try {
            channel.close();
        } catch (IOException ignored) {
            // Already failing.
        }
    }

    /** True until the connection breaks or is closed. */
    public boolean isOpen() {
        return failure == null;
    }

    @Override
    public void close() {
        fail(new IOException("connection closed by the client"));
        LockSupport.unpark(writer);
        try {
            reader.join();
            writer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void writeFully(SocketChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }
}
