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

    /** True for a wildcard address (0.0.0.0 or ::): listen on every interface. */
    public boolean wildcard() {
        try {
            return InetAddress.getByName(host).isAnyLocalAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /**
     * The host other nodes are to use for this address: itself, or for a wildcard the first
     * address of an interface that is up and not loopback (IPv4 first), since a node is only
     * reachable at the one address it advertises.
     */
    public String advertisedHost() {
        if (!wildcard()) {
            return host;
        }
        try {
            String v6 = null;
            for (java.net.NetworkInterface nic : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
                if (!nic.isUp() || nic.isLoopback()) {
                    continue;
                }
                for (InetAddress a : java.util.Collections.list(nic.getInetAddresses())) {
                    if (a.isLinkLocalAddress() || a.isLoopbackAddress()) {
                        continue;
                    }
                    if (a instanceof java.net.Inet4Address) {
                        return a.getHostAddress();
                    }
                    if (v6 == null) {
                        v6 = a.getHostAddress();
                    }
                }
            }
            return v6 != null ? v6 : InetAddress.getLocalHost().getHostAddress();
        } catch (java.io.IOException e) {
            throw ConfigException.of("--cluster/--bind", toString(), "is a wildcard address, and this machine's own"
                    + " address to advertise could not be found (" + e.getMessage() + "): give the address itself");
        }
    }

    @Override
    public String toString() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
