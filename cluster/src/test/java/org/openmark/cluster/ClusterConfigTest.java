package org.openmark.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.cluster.protocol.CoreTypes;

class ClusterConfigTest {
    private static final HostPort SELF = new HostPort("127.0.0.1", 0);

    @TempDir
    Path dir;

    @Test
    void of_noUserFile_coreTypesAmongJacksonModules() {
        assertTrue(modules(ClusterConfig.of(SELF, null)).contains(CoreTypes.class.getName()));
    }

    @Test
    void of_userFileReplacesJacksonModules_coreTypesStillThereBesideTheUsers() throws IOException {
        Path user = dir.resolve("user.conf");
        Files.writeString(user, ClusterConfig.JACKSON_MODULES
                + " = [\"com.fasterxml.jackson.module.paramnames.ParameterNamesModule\"]\n");

        List<String> modules = modules(ClusterConfig.of(SELF, user));

        assertEquals(List.of("com.fasterxml.jackson.module.paramnames.ParameterNamesModule", CoreTypes.class.getName()),
                modules);
    }

    @Test
    void of_userFileAddsAModule_coreTypesOnce() throws IOException {
        Path user = dir.resolve("user.conf");
        Files.writeString(user, ClusterConfig.JACKSON_MODULES + " += \"com.example.Mine\"\n");

        List<String> modules = modules(ClusterConfig.of(SELF, user));

        assertEquals(1, modules.stream().filter(CoreTypes.class.getName()::equals).count(), modules.toString());
        assertTrue(modules.contains("com.example.Mine"), modules.toString());
    }

    private static List<String> modules(Config config) {
        return config.getStringList(ClusterConfig.JACKSON_MODULES);
    }
}
