package org.example.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.StoreProperties;
import org.openmark.store.contract.ServicesFixture;

/** A throwaway Redis server from the test kit, started for this project's tests and stopped after them. */
class ExampleRedisTest {
    @RegisterExtension
    static final ServicesFixture REDIS = ServicesFixture.of("redis");

    @Test
    void fixture_startsARedisThatAnswers() throws IOException {
        StoreProperties p = REDIS.properties();
        try (Socket socket = new Socket(p.get("redis.host"), Integer.parseInt(p.get("redis.port")))) {
            socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            byte[] reply = socket.getInputStream().readNBytes(7);
            assertEquals("+PONG\r\n", new String(reply, StandardCharsets.US_ASCII));
        }
    }
}
