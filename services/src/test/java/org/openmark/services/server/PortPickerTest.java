package org.openmark.services.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openmark.services.server.CommandException;

class PortPickerTest {

    @Test
    void readFirstEphemeral_thisKernelsRange_aWholePortAbove1023() throws Exception {
        Path range = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
        assumeTrue(Files.isReadable(range), "no " + range);
        String first = Files.readAllLines(range).get(0).trim().split("\\s+")[0];
        // Files.readString gave "3" of "32768\t60999" here: ports were then picked in the ephemeral range
        assertEquals(Integer.parseInt(first), PortPicker.readFirstEphemeral());
        assertTrue(PortPicker.readFirstEphemeral() > 1023);
    }

    @Test
    void pick_portTakenOnALoopbackAddress_picksTheNextCandidate() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            int free = port == 65535 ? port - 1 : port + 1;
            Iterator<Integer> candidates = List.of(port, free).iterator();
            PortPicker picker = new PortPicker(span -> candidates.next() - PortPicker.FIRST_PORT, PortPicker::connects,
                    65536 - PortPicker.FIRST_PORT, 1);
            assertEquals(free, picker.pick());
        }
    }

    @Test
    void pick_samePortTwice_picksItOnce() {
        Iterator<Integer> candidates = List.of(5, 5, 9).iterator();
        PortPicker picker = new PortPicker(span -> candidates.next(), (ip, port) -> false, 100, 9);
        assertEquals(20005, picker.pick());
        assertEquals(20009, picker.pick());
    }

    @Test
    void pick_listeningOnTheNinthAddressOnly_isTaken() {
        Iterator<Integer> candidates = List.of(1, 2).iterator();
        PortPicker picker = new PortPicker(span -> candidates.next(),
                (ip, port) -> ip.equals("127.0.0.9") && port == 20001, 100, 9);
        assertEquals(20002, picker.pick());
    }

    @Test
    void pick_everyPortTaken_failsAfterItsTries() {
        PortPicker picker = new PortPicker(span -> 0, (ip, port) -> true, 100, 9);
        CommandException e = assertThrows(CommandException.class, picker::pick);
        assertEquals("no port free on 127.0.0.1-9", e.getMessage());
        assertEquals(1, e.exitCode());
    }

    @Test
    void spanBelow_stopsBelowTheEphemeralRange() {
        assertEquals(32768 - 20000, PortPicker.spanBelow(32768));
        assertEquals(PortPicker.DEFAULT_SPAN, PortPicker.spanBelow(21000));
        assertEquals(PortPicker.DEFAULT_SPAN, PortPicker.spanBelow(0));
    }
}
