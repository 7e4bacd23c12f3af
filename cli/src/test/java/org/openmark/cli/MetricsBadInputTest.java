package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code --metrics} and {@code --metrics-linger}: bad input is one line, exit 2, before anything is measured. */
class MetricsBadInputTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "no port|run --store memory --metrics 127.0.0.1|--metrics=127.0.0.1: must be HOST:PORT, e.g. 127.0.0.1:9464",
        "no port on load|load --store memory --metrics localhost|--metrics=localhost: must be HOST:PORT",
        // TEST-NET-1 (RFC 5737): not an address of this machine, and nothing is sent to it
        "host not local|run --store memory --metrics 192.0.2.1:9464|--metrics=192.0.2.1:9464: 192.0.2.1 is not an"
                + " address of this machine",
        "port out of range|run --store memory --metrics 127.0.0.1:65536|--metrics=127.0.0.1:65536: the port must be"
                + " in 0..65535",
        "linger without metrics|run --store memory --metrics-linger 30s|--metrics-linger=30s: needs --metrics"
                + " HOST:PORT",
        "linger not a duration|run --store memory --metrics 127.0.0.1:0 --metrics-linger soon|--metrics-linger=soon:"
                + " must be a duration",
    })
    void metrics_badInput_exitsTwoWithOneClearLine(String label, String args, String expected) {
        badInput(label, args + " --quiet --duration 1s", expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "txn-overhead|txn-overhead --store memory --quiet --metrics 127.0.0.1|--metrics=127.0.0.1: must be HOST:PORT",
        "worker|worker --join 127.0.0.1:1 --metrics 127.0.0.1|--metrics=127.0.0.1: must be HOST:PORT",
        "experiment|experiment coordinated-omission --quick --metrics 127.0.0.1|--metrics=127.0.0.1: must be"
                + " HOST:PORT",
        "rate|rate --store sim --time virtual --duration 1s --warmup 0s --max-load 2 --metrics 192.0.2.1:9464"
                + "|--metrics=192.0.2.1:9464: 192.0.2.1 is not an address of this machine",
        "staleness|staleness --store sim --time virtual --metrics 127.0.0.1|--metrics=127.0.0.1: must be HOST:PORT",
        "staleness on a cluster|staleness --store sim --local-workers 2 --metrics 127.0.0.1:0|--metrics=127.0.0.1:0:"
                + " serves a staleness measurement in one process only",
        "staleness linger alone|staleness --store sim --time virtual --metrics-linger 5s|--metrics-linger=5s: needs"
                + " --metrics HOST:PORT",
    })
    void otherCommands_badMetricsAddress_exitsTwo(String label, String args, String expected) {
        badInput(label, args, expected);
    }

    @Test
    void metrics_portInUse_exitsTwoBeforeAnythingIsMeasured() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            badInput("port in use", "run --store memory --duration 1s --quiet --metrics 127.0.0.1:" + port,
                    "--metrics=127.0.0.1:" + port + ": port " + port + " is in use on 127.0.0.1: choose another, or 0"
                            + " for a free one");
        }
    }

    private void badInput(String label, String args, String expected) {
        Path out = dir.resolve(label.replace(' ', '_'));
        CliRunner r = CliRunner.run((args + " --out " + out).split(" "));
        assertEquals(2, r.exitCode, r::toString);
        assertTrue(r.err.startsWith("openmark: error: " + expected), r::toString);
        assertFalse(r.err.contains("openmark run:"), "nothing was run: " + r);
        assertFalse(Files.exists(out), "nothing written");
        assertEquals("", r.out, "nothing on stdout");
    }
}
