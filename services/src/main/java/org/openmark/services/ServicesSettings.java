package org.openmark.services;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.openmark.services.cassandra.CassandraSettings;
import org.openmark.services.server.Environment;

/**
 * Where the services live and how long a server may take, read from the environment at the edge; each
 * default defined here once (Cassandra's own settings in {@link CassandraSettings}).
 *
 * @param baseDir   every service's directory NAME is under it (OPENMARK_SERVICES_DIR)
 * @param timeout   how long Redis, PostgreSQL or Prometheus may take to start or stop (OPENMARK_SERVICES_TIMEOUT)
 * @param cassandra the Cassandra manager's settings (the same variable is its timeout, with a default of its own)
 */
public record ServicesSettings(Path baseDir, Duration timeout, CassandraSettings cassandra) {
    public static final Path DEFAULT_BASE_DIR = Path.of("/tmp/openmark-services");
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    /** The settings {@code env} gives, with the services under OPENMARK_SERVICES_DIR. */
    public static ServicesSettings fromEnvironment(Map<String, String> env) {
        return fromEnvironment(env, Environment.nonBlank(env, "OPENMARK_SERVICES_DIR").map(Path::of).orElse(DEFAULT_BASE_DIR));
    }

    /** The settings {@code env} gives, with the services under {@code baseDir}. */
    public static ServicesSettings fromEnvironment(Map<String, String> env, Path baseDir) {
        Path base = baseDir.toAbsolutePath().normalize();
        return new ServicesSettings(base,
                Environment.positive(env, "OPENMARK_SERVICES_TIMEOUT", "a whole number of seconds").map(Duration::ofSeconds)
                        .orElse(DEFAULT_TIMEOUT),
                CassandraSettings.fromEnvironment(env, base));
    }
}
