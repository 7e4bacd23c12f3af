package org.openmark.store.sim.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import org.openmark.api.Clock;
import org.openmark.store.sim.engine.GroundTruth;
import org.openmark.store.sim.engine.SerializedEngine;
import org.openmark.store.sim.engine.SimEngine;
import org.openmark.store.sim.engine.WarsSampleSet;
import org.openmark.store.sim.model.SimConfig;

/**
 * A simulated store served over TCP (the protocol in {@code protocol.Wire}). One thread runs
 * the network loop and the engine; time comes from the given clock. Returned by
 * {@link #start}; {@link #close()} stops it.
 */
public final class SimServer implements AutoCloseable {
    private final SerializedEngine engine;
    private final ServerLoop loop;
    private final Thread thread;
    private final InetSocketAddress address;

    private SimServer(SerializedEngine engine, ServerLoop loop, Thread thread, InetSocketAddress address) {
        this.engine = engine;
        this.loop = loop;
        this.thread = thread;
        this.address = address;
    }

    /**
     * Starts a server.
     *
     * @param bind the address to listen on ({@code null} = 127.0.0.1)
     * @param port the port ({@code 0} = any free port; see {@link #port()})
     * @param clock the source of simulated time
     */
    public static SimServer start(SimConfig config, InetAddress bind, int port, Clock clock) throws IOException {
        return start(config, bind, port, clock, SerializedEngine.Epoch.STORE_START);
    }

    /**
     * Starts a server whose simulated time counts from {@code epoch} (its start, or the first request).
     */
    public static SimServer start(SimConfig config, InetAddress bind, int port, Clock clock,
            SerializedEngine.Epoch epoch) throws IOException {
        InetAddress host = bind == null ? InetAddress.getLoopbackAddress() : bind;
        Selector selector = Selector.open();
        ServerSocketChannel listener = ServerSocketChannel.open();
        try {
            listener.bind(new InetSocketAddress(host, port), 128);
            listener.configureBlocking(false);
            listener.register(selector, SelectionKey.OP_ACCEPT);
        } catch (IOException e) {
            listener.close();
            selector.close();
            throw e;
        }
        SerializedEngine engine = new SerializedEngine(new SimEngine(config), clock, epoch);
        ServerLoop loop = new ServerLoop(selector, listener, engine, config.maxFrameBytes());
        InetSocketAddress address = (InetSocketAddress) listener.getLocalAddress();
        Thread thread = Thread.ofPlatform().name("simstore-" + address.getPort()).daemon(true).unstarted(loop);
        thread.start();
        return new SimServer(engine, loop, thread, address);
    }

    /** The port the server listens on. */
    public int port() {
        return address.getPort();
    }

    /** The address the server listens on. */
    public InetSocketAddress address() {
        return address;
    }

    /** The ground truth so far. */
    public GroundTruth groundTruth() {
        return engine.inspect(SimEngine::groundTruth);
    }

    /** The W/A/R/S samples so far. */
    public WarsSampleSet warsSamples() {
        return engine.inspect(SimEngine::warsSamples);
    }

    /** Connections currently open (for tests and monitoring). */
    public int openConnections() {
        return loop.connections();
    }

    /** True while the server thread runs. */
    public boolean isRunning() {
        return thread.isAlive();
    }

    /** Stops accepting and serving, closes every connection, and waits for the server thread. */
    @Override
    public void close() {
        loop.stop();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException(new IOException("interrupted while stopping the simulated store server"));
        }
    }
}
