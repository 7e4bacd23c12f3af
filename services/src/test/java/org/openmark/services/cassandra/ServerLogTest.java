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
    void hintFilesReplayedTo_countsFinishedFilesForThatAddressOnly() {
        String file = "9be2f946-76f4-4511-a682-60190a45f9d9-1791336912359-2.hints";
        List<String> log = List.of(
                "INFO  [HintsDispatcher:3] 2026-11-27 04:10:01,975 HintsDispatchExecutor.java:300 - Finished hinted handoff"
                        + " of file " + file + " to endpoint /127.0.0.3:7000: 9be2f946-76f4-4511-a682-60190a45f9d9",
                // the same node's second file
                "INFO  [HintsDispatcher:3] 2026-11-27 04:10:02,100 HintsDispatchExecutor.java:300 - Finished hinted handoff"
                        + " of file " + file.replace("-2.hints", "-3.hints") + " to endpoint /127.0.0.3:7000: 9be2f946",
                // not whole: offered again, counted when finished
                "INFO  [HintsDispatcher:4] 2026-11-27 04:10:02,200 HintsDispatchExecutor.java:319 - Finished hinted handoff"
                        + " of file " + file + " to endpoint /127.0.0.3:7000: 9be2f946, partially",
                // another node, whose address starts with this one's
                "INFO  [HintsDispatcher:5] 2026-11-27 04:10:03,000 HintsDispatchExecutor.java:300 - Finished hinted handoff"
                        + " of file " + file + " to endpoint /127.0.0.30:7000: 1c0ffee0",
                // Cassandra 3's form: no port
                "INFO  [HintsDispatcher:1] 2026-11-27 04:10:04,000 HintsDispatchExecutor.java:282 - Finished hinted handoff"
                        + " of file " + file + " to endpoint /127.0.0.3: 9be2f946");
        assertEquals(3, ServerLog.hintFilesReplayedTo(log, "127.0.0.3"));
        assertEquals(1, ServerLog.hintFilesReplayedTo(log, "127.0.0.30"));
        assertEquals(0, ServerLog.hintFilesReplayedTo(log, "127.0.0.2"));
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
