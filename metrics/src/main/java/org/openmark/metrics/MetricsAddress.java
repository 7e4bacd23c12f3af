package org.openmark.metrics;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import org.openmark.config.ConfigException;

/**
 * Where {@code --metrics HOST:PORT} listens: a loopback address unless the user names another
 * address of this machine (or a wildcard); port 0 picks a free port. Checked once, at the edge:
 * a host that is neither local nor an address of this machine is bad input.
 *
 * @param flag the flag it came from, for errors
 * @param text what the user wrote
 * @param address the resolved address to bind
 * @param port the port, 0 for any free one
 */
public record MetricsAddress(String flag, String text, InetAddress address, int port) {

    /** Parses {@code HOST:PORT} (or {@code [v6]:PORT}); errors name {@code flag}, the value and the rule. */
    public static MetricsAddress parse(String flag, String text) {
        String rule = "must be HOST:PORT, e.g. 127.0.0.1:9464 (port 0 picks a free port)";
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1 || (text.startsWith("[") && !text.substring(0, colon).endsWith("]"))) {
            throw ConfigException.of(flag, text, rule);
        }
        String host = text.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw ConfigException.of(flag, text, rule + "; the port is not a number");
        }
        if (port < 0 || port > 65535) {
            throw ConfigException.of(flag, text, "the port must be in 0..65535 (0 picks a free port)");
        }
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw ConfigException.of(flag, text, "the host '" + host + "' is not known here: give a loopback"
                    + " address (127.0.0.1) or an address of this machine");
        }
        if (!address.isLoopbackAddress() && !address.isAnyLocalAddress() && !ownAddress(address)) {
            throw ConfigException.of(flag, text, address.getHostAddress() + " is not an address of this machine:"
                    + " the endpoint listens here (127.0.0.1, or one of this machine's addresses)");
        }
        return new MetricsAddress(flag, text, address, port);
    }

    /** True when the endpoint can be reached from other machines (the user then hears of it). */
    public boolean beyondLoopback() {
        return !address.isLoopbackAddress();
    }

    private static boolean ownAddress(InetAddress address) {
        try {
            return NetworkInterface.getByInetAddress(address) != null;
        } catch (SocketException e) {
            return false;
        }
    }
}
