package org.openmark.services.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ServerLogTest {
    private static final String SESSION_1 = "INFO  [Stream-Deserializer-/127.0.0.1:7000-2cbe9a6d] 2026-11-26 21:14:03,512"
            + " StreamResultFuture.java:198 - [Stream #4a7e8f40-cc5b-11f0-8c1d-3b5d7b7a1f0e ID#0] Prepare completed."
            + " Receiving 3 files(1.500MiB), sending 1 files(512B)";
    private static final String SESSION_2 = "INFO  [Stream-Deserializer-/127.0.0.2:7000-91aa0b12] 2026-11-26 21:14:03,790"
            + " StreamResultFuture.java:198 - [Stream #4a7e8f40-cc5b-11f0-8c1d-3b5d7b7a1f0e ID#1] Prepare completed."
            + " Receiving 2 files(256.000KiB), sending 0 files(0.000KiB)";

    @Test
    void streamed_receiving_sumsTheSessionsAndCountsARepeatedLineOnce() {
        List<String> log = List.of("INFO  [main] 2026-11-26 21:13:30,001 StorageService.java:1 - JOINING", SESSION_1,
                SESSION_1, SESSION_2);
        ServerLog.Streamed received = ServerLog.streamed(log, ServerLog.Direction.RECEIVING);
        assertEquals(new ServerLog.Streamed(5, 1_572_864 + 262_144), received);
        assertEquals("5 files", received.filesText());
    }

    @Test
    void streamed_sending_readsTheOtherSide() {
        assertEquals(new ServerLog.Streamed(1, 512),
                ServerLog.streamed(List.of(SESSION_1, SESSION_2), ServerLog.Direction.SENDING));
    }

    @Test
    void streamed_noSession_isNothing() {
        assertEquals(new ServerLog.Streamed(0, 0), ServerLog.streamed(List.of("no stream here"), ServerLog.Direction.RECEIVING));
    }

    @Test
    void time_readsTheStampInTheGivenZone_toTheMillisecond() {
        assertEquals(Optional.of(Instant.parse("2026-11-26T21:14:03.512Z")), ServerLog.time(SESSION_1, ZoneOffset.UTC));
        assertEquals(Optional.of(Instant.parse("2026-11-26T20:14:03.512Z")),
                ServerLog.time(SESSION_1, ZoneId.of("Europe/Berlin")));
        assertEquals(Optional.empty(), ServerLog.time("a line without a time", ZoneOffset.UTC));
    }

    @Test
    void secondsBetween_oneDecimal_orAQuestionMarkWhenALineIsMissing() {
        Optional<Instant> from = ServerLog.time(SESSION_1, ZoneOffset.UTC);
        Optional<Instant> to = ServerLog.time(SESSION_2, ZoneOffset.UTC);
        assertEquals("0.3", ServerLog.secondsBetween(from, to));
        assertEquals("?", ServerLog.secondsBetween(from, Optional.empty()));
    }

    @Test
    void humanBytes_unitsOf1024() {
        assertEquals("0 B", ServerLog.humanBytes(0));
        assertEquals("1023 B", ServerLog.humanBytes(1023));
        assertEquals("1.0 KiB", ServerLog.humanBytes(1024));
        assertEquals("1.5 MiB", ServerLog.humanBytes(1_572_864));
        assertEquals("2048.0 GiB", ServerLog.humanBytes(2L << 40));
    }

    @Test
    void firstLineWith_findsTheFirst() {
        assertTrue(ServerLog.firstLineWith(List.of("a", SESSION_1, SESSION_2), "Prepare completed").orElseThrow()
                .contains("ID#0"));
    }
}
