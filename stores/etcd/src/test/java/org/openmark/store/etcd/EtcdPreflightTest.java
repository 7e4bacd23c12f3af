package org.openmark.store.etcd;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.api.StoreProperties;
import org.openmark.api.StoreUnreachableException;

/** A cluster where nothing listens is refused at open, naming where it was looked for. */
class EtcdPreflightTest {
    @Test
    void open_nothingListens_unreachableNamingTheEndpoints() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        String endpoint = "http://127.0.0.1:" + port;
        StoreUnreachableException e = assertThrows(StoreUnreachableException.class, () -> new EtcdStoreFactory().open(
                StoreProperties.of(Map.of("etcd.endpoints", endpoint, "etcd.timeout", "1500"))));
        assertTrue(e.getMessage().startsWith("no member of etcd at " + endpoint + " (readmode linearizable) answered"),
                e.getMessage());
    }
}
