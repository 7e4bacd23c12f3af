package org.openmark.services.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RedisCallTest {

    @Test
    void encode_anArrayOfBulkStrings() {
        assertEquals("*2\r\n$4\r\nINFO\r\n$11\r\nreplication\r\n",
                new String(RedisCall.encode("INFO", "replication"), StandardCharsets.UTF_8));
    }

    @Test
    void readReply_eachTypeAsked() throws IOException {
        assertEquals("PONG", reply("+PONG\r\n"));
        assertEquals("ERR unknown command", reply("-ERR unknown command\r\n"));
        assertEquals("0", reply(":0\r\n"));
        assertEquals("# Replication\r\nrole:slave", reply("$25\r\n# Replication\r\nrole:slave\r\n"));
        assertEquals("", reply("$-1\r\n"));
        assertThrows(IOException.class, () -> reply(""));
        assertThrows(IOException.class, () -> reply("*1\r\n$4\r\nPONG\r\n"));
    }

    @Test
    void linkUp_readsInfoReplication() {
        assertEquals(true, RedisServer.linkUp("# Replication\r\nrole:slave\r\nmaster_link_status:up\r\n"));
        assertEquals(false, RedisServer.linkUp("# Replication\r\nrole:slave\r\nmaster_link_status:down\r\n"));
        assertEquals(false, RedisServer.linkUp("# Replication\r\nrole:master\r\n"));
    }

    private static String reply(String bytes) throws IOException {
        return RedisCall.readReply(new ByteArrayInputStream(bytes.getBytes(StandardCharsets.UTF_8)));
    }
}
