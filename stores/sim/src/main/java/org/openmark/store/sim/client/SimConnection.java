package org.openmark.store.sim.client;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicLong;
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
 * an id, the reply is matched by id, so calls from many threads are in flight at once.
 *
 * <p>A request may also be {@link #start started}: its frame is queued to go with the next
 * ones (sent on {@link #flush} at the latest), and the reader decodes its reply and hands it on
 * without waking anyone ({@link StartedCall}).
 *
 * <p>Implementation notes: a caller registers its {@link ParkedCall}, hands its frame to the
 * {@link FrameOutbox} (which sends it on this thread, batched with the frames other callers
 * queued meanwhile, or leaves it to the caller that is sending already), and parks. One reader
 * thread cuts the replies out of the stream, hands each payload to the call waiting for its id
 * and unparks it; the caller decodes its own reply. (The reader is one thread for all of the
 * connection's calls: decoding, most of the work per reply, then runs on the callers' threads
 * side by side instead of one after another on the reader.) When the connection breaks, every waiting and later call fails with an
 * {@link IOException}; so does a malformed reply, or a reply for an id that nobody waits for (a
 * second answer, or one never asked), as the stream can no longer be trusted.
 */
public final class SimConnection implements AutoCloseable {
    private static final int READ_BUFFER_BYTES = 64 * 1024;

    private final SocketChannel channel;
    private final int maxFrameBytes;
    private final PendingCalls pending = new PendingCalls();
    private final FrameOutbox outbox;
    private final AtomicLong ids = new AtomicLong();
    private final Thread reader;

    private SimConnection(SocketChannel channel, int maxFrameBytes, ByteBuffer leftover) {
        this.channel = channel;
        this.maxFrameBytes = maxFrameBytes;
        this.outbox = new FrameOutbox(channel, this::fail);
        this.reader = Thread.ofPlatform().daemon(true).name("simstore-client-reader").unstarted(() -> readLoop(leftover));
        reader.start();
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
        long id = ids.incrementAndGet();
        ByteBuffer encoded = RequestCodec.encode(id, request, frames);
        byte[] frame = new byte[encoded.remaining()];
        encoded.get(frame);
        ParkedCall call = new ParkedCall(id, Thread.currentThread());
        pending.register(call);
        try {
            outbox.send(frame);
        } catch (IOException e) {
            fail(e);
        }
        return decode(id, ByteBuffer.wrap(call.await()));
    }

    /**
     * Starts a request without waiting for its reply: {@code replies} is told it on the reader
     * thread (or its failure, possibly at once on this one). The frame is queued to go with the
     * next ones; {@link #flush} sends it at the latest, and so does any caller's {@link #call}.
     *
     * @param frames the caller's own (reused) frame builder
     * @throws ProtocolException when the request does not fit in one frame (nothing was sent)
     */
    public void start(SimRequest request, FrameBuilder frames, StartedCall.Replies replies) throws ProtocolException {
        long id = ids.incrementAndGet();
        ByteBuffer encoded = RequestCodec.encode(id, request, frames);
        byte[] frame = new byte[encoded.remaining()];
        encoded.get(frame);
        StartedCall call = new StartedCall(id, replies, this::decode);
        try {
            pending.register(call);
        } catch (IOException e) {
            call.fail(e);
            return;
        }
        try {
            outbox.enqueue(frame);
        } catch (IOException e) {
            fail(e);
        }
    }

    /** Sends the frames of started requests still queued. */
    public void flush() {
        try {
            outbox.flush();
        } catch (IOException e) {
            fail(e);
        }
    }

    private SimReply decode(long id, ByteBuffer payload) throws IOException {
        try {
            if (ReplyCodec.decode(payload) instanceof ReplyCodec.Reply r && r.frame().requestId() == id) {
                return r.frame().reply();
            }
            throw new ProtocolException(SimReply.ErrorReply.MALFORMED, "not a reply to request " + id);
        } catch (ProtocolException e) {
            IOException bad = new IOException("bad reply from the simulated store server: " + e.getMessage(), e);
            fail(bad);
            throw bad;
        }
    }

    private void readLoop(ByteBuffer leftover) {
        FrameReader frames = new FrameReader(maxFrameBytes);
        // Direct, so a read lands here without the JDK's copy through a temporary direct buffer.
        ByteBuffer in = ByteBuffer.allocateDirect(Math.max(READ_BUFFER_BYTES, leftover.remaining()));
        in.put(leftover);
        try {
            while (true) {
                in.flip();
                ByteBuffer payload;
                while ((payload = frames.next(in)) != null) {
                    deliver(payload);
                }
                int needed = frames.bytesNeeded(in);
                in.compact();
                if (in.capacity() < needed) {
                    ByteBuffer bigger = ByteBuffer.allocateDirect(needed);
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

    /** Hands one reply payload to its call; decodes here only what no call waits for. */
    private void deliver(ByteBuffer payload) throws IOException, ProtocolException {
        long id = ReplyCodec.peekRequestId(payload);
        PendingCall waiting = ReplyCodec.peekType(payload) == Wire.HELLO_OK ? null : pending.take(id);
        if (waiting != null) {
            waiting.complete(payload);
            return;
        }
        if (ReplyCodec.decode(payload) instanceof ReplyCodec.Reply r && r.frame().reply() instanceof SimReply.ErrorReply e) {
            // A connection-level error (request id 0): the server closes the connection next.
            throw new IOException("the simulated store server reported: " + e.message());
        }
        throw new ProtocolException(SimReply.ErrorReply.MALFORMED, "a reply to request id " + id
                + ", which no call waits for (answered twice, never asked, or a second hello)");
    }

    private void fail(IOException e) {
        pending.failAll(e);
        outbox.close();
        try {
            channel.close();
        } catch (IOException ignored) {
            // Already failing.
        }
    }

    /** True until the connection breaks or is closed. */
    public boolean isOpen() {
        return pending.failure() == null;
    }

    /** Calls waiting for a reply now (for tests and monitoring). */
    int waitingCalls() {
        return pending.size();
    }

    @Override
    public void close() {
        fail(new IOException("connection closed by the client"));
        try {
            reader.join();
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
