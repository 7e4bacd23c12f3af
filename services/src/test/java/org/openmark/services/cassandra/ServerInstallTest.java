package org.openmark.services.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ServerInstallTest {

    @Test
    void majorVersion_ofWhatJavaVersionPrints() {
        assertEquals(17, ServerInstall.majorVersion("openjdk version \"17.0.16\" 2025-07-15\nOpenJDK Runtime Environment"));
        assertEquals(11, ServerInstall.majorVersion("openjdk version \"11.0.2\" 2019-01-15"));
        assertEquals(25, ServerInstall.majorVersion("openjdk version \"25\" 2025-09-16"));
        assertEquals(8, ServerInstall.majorVersion("java version \"1.8.0_412\""));
        assertEquals(0, ServerInstall.majorVersion("bash: java: command not found"));
    }
}
