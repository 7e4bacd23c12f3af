package org.openmark.services.server;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.function.IntUnaryOperator;

/**
 * The one port picker of every server: picks ports free on every loopback address a server may take
 * (127.0.0.1 for Redis, PostgreSQL and Prometheus; 127.0.0.1..{@value #LOOPBACK_ADDRESSES} for Cassandra's
 * nodes, which all listen on the same port, each on its own address), below the kernel's ephemeral range:
 * a port an outgoing connection holds cannot be bound, and a server that cannot bind its port exits ("Port
 * already in use"). A port picked once is not picked again by the same picker, though nothing listens on it
 * yet. A port can still be taken between the pick and the server's bind: a server that fails to start is
 * started again on another port.
 */
public final class PortPicker {
    /** The loopback addresses a port must be free on: 127.0.0.1 up to 127.0.0.9. */
    public static final int LOOPBACK_ADDRESSES = 9;
    static final int FIRST_PORT = 20000;
    static final int DEFAULT_SPAN = 40000;
    static final int TRIES = 200;

    /** Whether something accepts connections on a port of an address. */
    public interface Probe {
        boolean listening(String ip, int port);
    }

    private final IntUnaryOperator randomBelow;
    private final Probe probe;
    private final int span;
    private final int addresses;
    private final Set<Integer> picked = new HashSet<>();

    /**
     * @param randomBelow given n, a number from 0 to n - 1
     * @param span        how many ports from {@value #FIRST_PORT} up may be picked
     * @param addresses   the addresses 127.0.0.1..{@code addresses} the port must be free on
     */
    public PortPicker(IntUnaryOperator randomBelow, Probe probe, int span, int addresses) {
        this.randomBelow = randomBelow;
        this.probe = probe;
        this.span = span;
        this.addresses = addresses;
    }

    /** A picker over the real loopback addresses, up to the kernel's ephemeral range. */
    public static PortPicker system() {
        Random random = new Random();
        return new PortPicker(random::nextInt, PortPicker::connects,
                spanBelow(readFirstEphemeral()), LOOPBACK_ADDRESSES);
    }

    /** The ports that may be picked: up to the first ephemeral port, when that leaves room enough. */
    static int spanBelow(int firstEphemeral) {
        return firstEphemeral > FIRST_PORT + 2000 ? firstEphemeral - FIRST_PORT : DEFAULT_SPAN;
    }

    /** A port no loopback address listens on. */
    public int pick() {
        for (int tries = 0; tries < TRIES; tries++) {
            int port = FIRST_PORT + randomBelow.applyAsInt(span);
            if (!picked.contains(port) && !listeningOnAny(port)) {
                picked.add(port);
                return port;
            }
        }
        throw CommandException.failed("no port free on 127.0.0.1-" + addresses);
    }

    private boolean listeningOnAny(int port) {
        for (int i = 1; i <= addresses; i++) {
            if (probe.listening("127.0.0." + i, port)) {
                return true;
            }
        }
        return false;
    }

    /** True when a connection to {@code ip:port} is accepted. */
    public static boolean connects(String ip, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(ip, port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The kernel's first ephemeral port, or 0 when it cannot be read. Read by lines: on this project's machines
     * {@code Files.readString} of the /proc file (size 0) returned its first byte alone ("3" of "32768\t60999"),
     * so every port up to 60000 was picked, ephemeral ones too, and an etcd member found its port taken.
     */
    static int readFirstEphemeral() {
        try {
            String range = Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range"), StandardCharsets.UTF_8)
                    .get(0);
            return Integer.parseInt(range.trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
