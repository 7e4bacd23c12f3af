package org.openmark.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.openmark.config.ConfigException;

/** The Pekko configuration of a coordinator or worker node. */
final class ClusterConfig {
    /** Every node of an openmark cluster belongs to an actor system of this name. */
    static final String SYSTEM = "openmark";

    private ClusterConfig() {
    }

    /**
     * @param self where this node listens (port 0: any free port)
     * @param user a Pekko configuration file that overrides openmark's (TLS, timeouts), or null
     */
    static Config of(HostPort self, Path user) {
        return of(self, user, ConfigFactory.empty());
    }

    /**
     * As {@link #of(HostPort, Path)}, with {@code fixed} over everything, the user's file included
     * (what this kind of node relies on).
     */
    static Config of(HostPort self, Path user, Config fixed) {
        // A wildcard (0.0.0.0) listens on every interface but advertises one routable address: Artery
        // drops messages addressed to any other name of this node.
        String bind = self.wildcard() ? "pekko.remote.artery.bind.hostname = \"" + self.host() + "\"\n" : "";
        Config own = ConfigFactory.parseString("pekko.remote.artery.canonical.hostname = \"" + self.advertisedHost()
                + "\"\n" + "pekko.remote.artery.canonical.port = " + self.port() + "\n" + bind);
        Config base = own.withFallback(ConfigFactory.parseResources(ClusterConfig.class.getClassLoader(),
                "openmark-cluster.conf")).withFallback(ConfigFactory.load(ClusterConfig.class.getClassLoader()));
        if (user == null) {
            return fixed.withFallback(base).resolve();
        }
        if (!Files.isReadable(user)) {
            throw ConfigException.of("--cluster-config", user.toString(), "must be a readable Pekko configuration file");
        }
        return fixed.withFallback(ConfigFactory.parseFile(user.toFile())).withFallback(base).resolve();
    }
}
