package org.openmark.store.sim.server;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.net.StandardSocketOptions;
import java.util.Iterator;
import org.openmark.store.sim.engine.SerializedEngine;
import org.openmark.store.sim.engine.SimReply;
import org.openmark.store.sim.protocol.FrameBuilder;
import org.openmark.store.sim.protocol.FrameReader;
import org.openmark.store.sim.protocol.Handshake;
import org.openmark.store.sim.protocol.ProtocolException;
import org.openmark.store.sim.protocol.ReplyCodec;
import org.openmark.store.sim.protocol.RequestCodec;
import org.openmark.store.sim.protocol.Wire;

/**
 * The server's one thread: a selector loop that reads frames, runs them through the engine and
 * writes the replies, so the engine is single-threaded and I/O needs no hand-off.
 *
 * <p>Implementation notes: each connection keeps an input buffer that grows to at most one
 * maximal frame (lengths are checked before buffering) and an output buffer. When a
 * connection's pending output passes {@link #OUTPUT_HIGH_WATER_BYTES}, the loop stops decoding
 * its input and stops reading from it until the peer has taken the replies (backpressure). A
 * protocol error on one connection queues an error reply and closes that connection only; an
 * I/O error closes it silently. Nothing a peer sends can end the loop.
 */
final class ServerLoop implements Runnable {
    static final int OUTPUT_HIGH_WATER_BYTES = 1 << 20;

    private final Selector selector;
    private final ServerSocketChannel listener;
    private final SerializedEngine engine;
    private final int maxFrameBytes;
    private final FrameReader frames;
    private final FrameBuilder replies;
    private volatile boolean stopping;
    private volatile int connections;

    ServerLoop(Selector selector, ServerSocketChannel listener, SerializedEngine engine, int maxFrameBytes) {
        this.selector = selector;
        this.listener = listener;
        this.engine = engine;
        this.maxFrameBytes = maxFrameBytes;
        this.frames = new FrameReader(maxFrameBytes);
        this.replies = new FrameBuilder(maxFrameBytes);
    }

    @Override
    public void run() {
        try {
            while (!stopping) {
                selector.select();
                Iterator<SelectionKey> it = selector.selectedKeys().iterator();
                while (it.hasNext()) {
                    SelectionKey key = it.next();
                    it.remove();
                    handle(key);
                }
            }
        } catch (IOException e) {
            // The selector itself failed: nothing can be served any more.
            throw new java.io.UncheckedIOException("simulated store server loop failed", e);
        } finally {
            for (SelectionKey key : selector.keys()) {
                closeQuietly(key);
            }
            closeQuietly(selector);
        }
    }

    void stop() {
        stopping = true;
        selector.wakeup();
    }

    int connections() {
        return connections;
    }

    private void handle(SelectionKey key) {
        if (!key.isValid()) {
            return;
        }
        if (key.isAcceptable()) {
            accept();
            return;
        }
        Connection conn = (Connection) key.attachment();
        try {
            if (key.isWritable()) {
                flush(conn);
                if (!conn.hasPendingOutput() && !conn.closing) {
                    pump(conn);
                }
            }
            if (key.isValid() && key.isReadable() && !conn.closing && !conn.hasPendingOutput()) {
                int n = conn.channel.read(conn.in);
                if (n < 0) {
                    close(key);
                    return;
                }
                pump(conn);
            }
            if (conn.closing && !conn.hasPendingOutput()) {
                close(key);
                return;
            }
            key.interestOps(conn.hasPendingOutput() ? SelectionKey.OP_WRITE : SelectionKey.OP_READ);
        } catch (IOException | java.nio.channels.CancelledKeyException e) {
            close(key);
        }
    }

    /** Serves buffered frames and sends replies until the input is used up or the peer stops taking replies. */
    private void pump(Connection conn) throws IOException {
        boolean more;
        do {
            more = process(conn);
            flush(conn);
        } while (more && !conn.hasPendingOutput() && !conn.closing);
    }

    private void accept() {
        try {
            SocketChannel ch = listener.accept();
            if (ch == null) {
                return;
            }
            ch.configureBlocking(false);
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            ch.register(selector, SelectionKey.OP_READ, new Connection(ch));
            connections++;
        } catch (IOException e) {
            // A failed accept affects only that peer.
        }
    }

    /**
     * Decodes and serves the complete frames received so far; returns true when it stopped
     * early because the output passed the high-water mark (frames may remain).
     */
    private boolean process(Connection conn) {
        ByteBuffer in = conn.in;
        in.flip();
        int neededBytes = 0;
        try {
            if (!conn.helloDone) {
                if (in.remaining() < Wire.HELLO_BYTES) {
                    return false;
                }
                Handshake.check(in);
                conn.helloDone = true;
                conn.append(ReplyCodec.encodeHelloOk(maxFrameBytes, replies));
            }
            ByteBuffer payload;
            while ((payload = frames.next(in)) != null) {
                serve(conn, RequestCodec.decode(payload));
                if (conn.closing) {
                    return false;
                }
                if (conn.out.position() >= OUTPUT_HIGH_WATER_BYTES) {
                    return true;
                }
            }
            neededBytes = frames.bytesNeeded(in);
            return false;
        } catch (ProtocolException e) {
            fail(conn, 0, e.code(), e.getMessage());
            return false;
        } finally {
            in.compact();
            // Room for the whole frame being received; its length was checked against the limit.
            conn.ensureInCapacity(neededBytes);
        }
    }

    private void serve(Connection conn, RequestCodec.Frame frame) {
        SimReply reply;
        try {
            reply = engine.execute(frame.request()).reply();
        } catch (RuntimeException e) {
            fail(conn, frame.requestId(), SimReply.ErrorReply.INTERNAL, "server error: " + e);
            return;
        }
        try {
            conn.append(ReplyCodec.encode(frame.requestId(), reply, replies));
        } catch (ProtocolException tooLarge) {
            // The request was fine; only its answer does not fit: say so and keep the connection.
            encodeError(conn, frame.requestId(), tooLarge.code(), tooLarge.getMessage());
        }
    }

    private void fail(Connection conn, long requestId, int code, String message) {
        encodeError(conn, requestId, code, message);
        conn.closing = true;
    }

    private void encodeError(Connection conn, long requestId, int code, String message) {
        String text = message.length() > 1000 ? message.substring(0, 1000) : message;
        try {
            conn.append(ReplyCodec.encode(requestId, new SimReply.ErrorReply(code, text), replies));
        } catch (ProtocolException impossible) {
            // 1000 characters always fit in the smallest allowed frame limit.
            conn.closing = true;
        }
    }

    private static void flush(Connection conn) throws IOException {
        if (!conn.hasPendingOutput()) {
            return;
        }
        conn.out.flip();
        try {
            conn.channel.write(conn.out);
        } finally {
            conn.out.compact();
        }
    }

    private void close(SelectionKey key) {
        if (key.attachment() instanceof Connection) {
            connections--;
        }
        closeQuietly(key);
    }

    private static void closeQuietly(SelectionKey key) {
        key.cancel();
        try {
            key.channel().close();
        } catch (IOException ignored) {
            // Closing a broken channel: nothing to do.
        }
    }

    private static void closeQuietly(Selector s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // Shutting down anyway.
        }
    }
}
