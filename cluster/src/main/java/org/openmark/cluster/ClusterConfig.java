package org.openmark.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.openmark.cluster.protocol.CoreTypes;
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
            return withCoreTypes(fixed.withFallback(base).resolve());
        }
        if (!Files.isReadable(user)) {
            throw ConfigException.of("--cluster-config", user.toString(), "must be a readable Pekko configuration file");
        }
        return withCoreTypes(fixed.withFallback(ConfigFactory.parseFile(user.toFile())).withFallback(base).resolve());
    }

    /** Where Pekko's Jackson serializer reads the modules it registers. */
    static final String JACKSON_MODULES = "pekko.serialization.jackson.jackson-modules";

    /**
     * The configuration with {@link CoreTypes} among Jackson's modules: a user's file that sets the list (rather
     * than adding to it with {@code +=}) would otherwise drop it, and no plan could then cross the network.
     */
    private static Config withCoreTypes(Config config) {
        String coreTypes = CoreTypes.class.getName();
        List<String> modules = config.hasPath(JACKSON_MODULES) ? config.getStringList(JACKSON_MODULES) : List.of();
        if (modules.contains(coreTypes)) {
            return config;
        }
        List<String> all = new ArrayList<>(modules);
        all.add(coreTypes);
        return config.withValue(JACKSON_MODULES, ConfigValueFactory.fromIterable(all));
    }
}
