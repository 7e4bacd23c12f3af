package org.openmark.cluster;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.openmark.config.ConfigException;

/** A node's address, {@code host:port}; port 0 means any free port. */
public record HostPort(String host, int port) {

    /** Parses {@code host:port} (or {@code [v6]:port}); errors name {@code flag}. */
    public static HostPort parse(String flag, String text) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw ConfigException.of(flag, text, "must be HOST:PORT, e.g. 127.0.0.1:25520");
        }
        String host = text.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw ConfigException.of(flag, text, "must be HOST:PORT with a numeric port");
        }
        if (port < 0 || port > 65535) {
            throw ConfigException.of(flag, text, "the port must be in 0..65535");
        }
        return new HostPort(host, port);
    }

    /** True when the host is a loopback address (or resolves to one). */
    public boolean loopback() {
        if (host.equals("localhost")) {
            return true;
        }
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    @Override
    public String toString() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
