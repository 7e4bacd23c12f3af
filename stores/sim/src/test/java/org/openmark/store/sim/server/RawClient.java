package org.openmark.store.sim.server;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import org.openmark.store.sim.engine.SimRequest;
import org.openmark.store.sim.protocol.FrameBuilder;
import org.openmark.store.sim.protocol.Handshake;
import org.openmark.store.sim.protocol.ProtocolException;
import org.openmark.store.sim.protocol.ReplyCodec;
import org.openmark.store.sim.protocol.RequestCodec;

/** A plain blocking socket that sends whatever bytes a test wants and reads reply frames. */
final class RawClient implements AutoCloseable {
    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;

    RawClient(InetSocketAddress address) throws IOException {
        socket = new Socket(address.getAddress(), address.getPort());
        // A network safety net so a broken server fails the test instead of hanging it.
        socket.setSoTimeout(10_000);
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    RawClient hello() throws IOException {
        return send(Handshake.clientHello());
    }

    RawClient send(ByteBuffer b) throws IOException {
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        return send(bytes);
    }

    RawClient send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
        return this;
    }

    RawClient request(long id, SimRequest request) throws IOException, ProtocolException {
        return send(RequestCodec.encode(id, request, new FrameBuilder(1 << 20)));
    }

    /** The next reply frame. */
    ReplyCodec.Decoded read() throws IOException, ProtocolException {
        int length = in.readInt();
        byte[] payload = new byte[length];
        in.readFully(payload);
        return ReplyCodec.decode(ByteBuffer.wrap(payload));
    }

    /** True when the server has closed the connection (end of stream, or reset). */
    boolean closedByServer() throws IOException {
        try {
            return in.read() < 0;
        } catch (EOFException | java.net.SocketException e) {
            return true;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
