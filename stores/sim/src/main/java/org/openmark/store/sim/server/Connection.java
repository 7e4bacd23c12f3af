package org.openmark.store.sim.server;

import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/** One client connection's buffers and state; touched only by the server loop's thread. */
final class Connection {
    private static final int INITIAL_BUFFER_BYTES = 16 * 1024;

    final SocketChannel channel;
    /** Received bytes not yet processed (write mode: appended at position). */
    ByteBuffer in = ByteBuffer.allocate(INITIAL_BUFFER_BYTES);
    /** Encoded replies not yet sent (write mode: appended at position). */
    ByteBuffer out = ByteBuffer.allocate(INITIAL_BUFFER_BYTES);
    boolean helloDone;
    /** After a protocol error: send what is pending, then close; read nothing more. */
    boolean closing;

    Connection(SocketChannel channel) {
        this.channel = channel;
    }

    /** Makes room for {@code bytes} more received bytes (never beyond one frame plus header, checked by the caller). */
    void ensureInCapacity(int totalBytes) {
        if (in.capacity() < totalBytes) {
            ByteBuffer bigger = ByteBuffer.allocate(totalBytes);
            in.flip();
            bigger.put(in);
            in = bigger;
        }
    }

    /** Appends one encoded frame to the output. */
    void append(ByteBuffer frame) {
        if (out.remaining() < frame.remaining()) {
            int needed = out.position() + frame.remaining();
            ByteBuffer bigger = ByteBuffer.allocate(Math.max(needed, 2 * out.capacity()));
            out.flip();
            bigger.put(out);
            out = bigger;
        }
        out.put(frame);
    }

    boolean hasPendingOutput() {
        return out.position() > 0;
    }
}
