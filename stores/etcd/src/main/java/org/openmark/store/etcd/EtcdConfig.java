package org.openmark.store.etcd;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreProperties;

/**
 * The etcd store's settings, validated once from its properties; every default defined here.
 * {@link #toString()} never shows the password.
 *
 * @param endpoints the members' client URLs ({@code etcd.endpoints})
 * @param readMode  how reads and scans read ({@code etcd.readmode})
 * @param member    the one member reads and scans go to ({@code etcd.member}), or empty: any member
 * @param user      the user etcd's authentication knows, or empty when it is off
 * @param password  that user's password (a secret: masked in every output)
 * @param timeout   how long one call may take before it counts as TIMEOUT ({@code etcd.timeout}, milliseconds)
 * @param writeTo   where writes go ({@code etcd.writeto})
 */
public record EtcdConfig(List<URI> endpoints, ReadMode readMode, Optional<URI> member, Optional<String> user,
        Optional<String> password, Duration timeout, WriteTo writeTo) {
    public static final String ENDPOINTS = "etcd.endpoints";
    public static final String READ_MODE = "etcd.readmode";
    public static final String MEMBER = "etcd.member";
    public static final String USER = "etcd.user";
    public static final String PASSWORD = "etcd.password";
    public static final String TIMEOUT = "etcd.timeout";
    public static final String WRITE_TO = "etcd.writeto";
    public static final Set<String> PROPERTY_NAMES = Set.of(ENDPOINTS, READ_MODE, MEMBER, USER, PASSWORD, TIMEOUT,
            WRITE_TO);

    /** etcd's own default client URL. */
    public static final String DEFAULT_ENDPOINTS = "http://127.0.0.1:2379";
    public static final int DEFAULT_TIMEOUT_MS = 5000;

    /**
     * How a read is served. {@link #LINEARIZABLE} (etcd's default) reads what every write acknowledged before it
     * began wrote: the member confirms with the leader (its read index) first. {@link #SERIALIZABLE} answers from
     * the member's own state, which may be behind the leader's.
     */
    public enum ReadMode { LINEARIZABLE, SERIALIZABLE }

    /**
     * Where writes go. {@link #ANY} (the default): any member of the endpoints, which forwards a write to the
     * leader, so the client keeps writing through a leader's death. {@link #LEADER}: the member that leads when
     * the store opens, alone, so no write takes a follower's detour (a staleness measurement's writer, whose
     * acknowledgements the probes count from); writes stay with that member if it stops leading.
     */
    public enum WriteTo { ANY, LEADER }

    public EtcdConfig {
        endpoints = List.copyOf(endpoints);
    }

    /** The settings {@code properties} give; throws naming the property that is wrong. */
    public static EtcdConfig from(StoreProperties properties) {
        String listed = properties.get(ENDPOINTS, DEFAULT_ENDPOINTS);
        List<URI> endpoints = new ArrayList<>();
        for (String endpoint : listed.split(",")) {
            if (!endpoint.isBlank()) {
                endpoints.add(url(ENDPOINTS, listed, endpoint.strip()));
            }
        }
        if (endpoints.isEmpty()) {
            throw new StoreConfigException(ENDPOINTS, listed, "must list at least one member's URL, e.g. " + DEFAULT_ENDPOINTS);
        }
        ReadMode readMode = properties.getEnum(READ_MODE, ReadMode.LINEARIZABLE, ReadMode.class);
        Optional<URI> member = Optional.ofNullable(properties.get(MEMBER)).map(m -> member(m, endpoints));
        Optional<String> user = Optional.ofNullable(properties.get(USER)).filter(u -> !u.isEmpty());
        Optional<String> password = Optional.ofNullable(properties.get(PASSWORD));
        if (password.isPresent() && user.isEmpty()) {
            throw new StoreConfigException(PASSWORD, "****", "needs " + USER + " (etcd logs a user in with both)");
        }
        if (user.isPresent() && password.isEmpty()) {
            throw new StoreConfigException(USER, user.get(), "needs " + PASSWORD);
        }
        int timeoutMs = properties.getInt(TIMEOUT, DEFAULT_TIMEOUT_MS);
        if (timeoutMs <= 0) {
            throw new StoreConfigException(TIMEOUT, Integer.toString(timeoutMs), "must be > 0 milliseconds");
        }
        WriteTo writeTo = properties.getEnum(WRITE_TO, WriteTo.ANY, WriteTo.class);
        return new EtcdConfig(endpoints, readMode, member, user, password, Duration.ofMillis(timeoutMs), writeTo);
    }

    /** {@code etcd.member}: a number 1..N of the endpoints, or a member's URL. */
    private static URI member(String value, List<URI> endpoints) {
        if (value.matches("[0-9]+")) {
            int index = Integer.parseInt(value);
            if (index < 1 || index > endpoints.size()) {
                throw new StoreConfigException(MEMBER, value, "must be a member's URL or its number in " + ENDPOINTS
                        + ", 1 to " + endpoints.size());
            }
            return endpoints.get(index - 1);
        }
        return url(MEMBER, value, value);
    }

    private static URI url(String property, String value, String text) {
        try {
            URI uri = new URI(text);
            if ((!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) || uri.getHost() == null
                    || uri.getPort() < 0) {
                throw new URISyntaxException(text, "not http://HOST:PORT");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new StoreConfigException(property, value, "'" + text + "' is not a member's URL: use http://HOST:PORT"
                    + " (e.g. " + DEFAULT_ENDPOINTS + ")");
        }
    }

    /** {@code etcd at URL,URL (readmode linearizable, reads to URL, user U)}, for messages: never the password. */
    public String where() {
        return "etcd at " + String.join(",", endpoints.stream().map(URI::toString).toList())
                + " (readmode " + readMode.name().toLowerCase(java.util.Locale.ROOT)
                + member.map(m -> ", reads to " + m).orElse("")
                + (writeTo == WriteTo.LEADER ? ", writes to the leader" : "") + user.map(u -> ", user " + u).orElse("") + ")";
    }

    @Override
    public String toString() {
        return "EtcdConfig[" + where() + ", timeout " + timeout.toMillis() + " ms]";
    }
}
