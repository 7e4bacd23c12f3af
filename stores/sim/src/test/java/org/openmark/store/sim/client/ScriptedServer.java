package org.openmark.store.sim.client;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicReference;
import org.openmark.store.sim.engine.SimReply;
import org.openmark.store.sim.protocol.FrameBuilder;
import org.openmark.store.sim.protocol.Handshake;
import org.openmark.store.sim.protocol.ProtocolException;
import org.openmark.store.sim.protocol.ReplyCodec;
import org.openmark.store.sim.protocol.RequestCodec;

/**
 * A fake simulated store server for client tests: accepts one connection, answers the hello,
 * then runs a script that reads requests and writes whatever replies the test wants (out of
 * order, twice, malformed, or none before closing).
 */
final class ScriptedServer implements AutoCloseable {
    /** What the server does after the handshake. */
    interface Script {
        void run(ScriptedServer server) throws Exception;
    }

    static final int MAX_FRAME = 1 << 20;

    private final ServerSocket listener;
    private final Thread thread;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final FrameBuilder frames = new FrameBuilder(MAX_FRAME);
    private Socket socket;
    private DataInputStream in;
    private OutputStream out;

    ScriptedServer(Script script) throws IOException {
        listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        thread = Thread.ofPlatform().daemon(true).name("scripted-server").start(() -> serve(script));
    }

    InetSocketAddress address() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), listener.getLocalPort());
    }

    private void serve(Script script) {
        try {
            socket = listener.accept();
            in = new DataInputStream(socket.getInputStream());
            out = socket.getOutputStream();
            byte[] hello = new byte[8];
            in.readFully(hello);
            Handshake.check(ByteBuffer.wrap(hello));
            send(ReplyCodec.encodeHelloOk(MAX_FRAME, frames));
            script.run(this);
        } catch (Throwable e) {
            failure.compareAndSet(null, e);
        }
    }

    /** The next request frame. */
    RequestCodec.Frame read() throws IOException, ProtocolException {
        byte[] payload = new byte[in.readInt()];
        in.readFully(payload);
        return RequestCodec.decode(ByteBuffer.wrap(payload));
    }

    /** Sends one reply frame. */
    void reply(long requestId, SimReply reply) throws IOException, ProtocolException {
        send(ReplyCodec.encode(requestId, reply, frames));
    }

    /** Sends raw bytes. */
    void send(ByteBuffer bytes) throws IOException {
        byte[] b = new byte[bytes.remaining()];
        bytes.get(b);
        out.write(b);
        out.flush();
    }

    /** Closes the client's connection. */
    void hangUp() throws IOException {
        socket.close();
    }

    /** Waits for the script to end and rethrows what it threw. */
    void join() throws Throwable {
        thread.join();
        if (failure.get() != null) {
            throw failure.get();
        }
    }

    @Override
    public void close() throws IOException {
        if (socket != null) {
            socket.close();
        }
        listener.close();
    }
}
