package org.openmark.services.redis;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * One command to a Redis server over its own protocol (RESP), on a connection of its own, and its reply:
 * the readiness checks and the stop need no redis-cli. Replies read: simple strings, errors, integers and bulk
 * strings (PING, INFO, FLUSHALL); anything else is not asked.
 */
final class RedisCall {
    private static final int TIMEOUT_MILLIS = 2000;

    private RedisCall() {
    }

    /** The command's reply as text ("PONG", "OK", INFO's text, "ERR ..." for an error), or empty when none came. */
    static Optional<String> ask(String host, int port, String... words) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
            socket.setSoTimeout(TIMEOUT_MILLIS);
            OutputStream out = socket.getOutputStream();
            out.write(encode(words));
            out.flush();
            return Optional.of(readReply(socket.getInputStream()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** A command as RESP's array of bulk strings. */
    static byte[] encode(String... words) {
        StringBuilder command = new StringBuilder("*").append(words.length).append("\r\n");
        for (String w : words) {
            byte[] bytes = w.getBytes(StandardCharsets.UTF_8);
            command.append('$').append(bytes.length).append("\r\n").append(w).append("\r\n");
        }
        return command.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** One reply: "+OK" is "OK", "-ERR x" is "ERR x", ":1" is "1", a bulk string its text ("" for a null one). */
    static String readReply(InputStream in) throws IOException {
        String line = readLine(in);
        if (line.isEmpty()) {
            throw new IOException("no reply");
        }
        char type = line.charAt(0);
        String rest = line.substring(1);
        if (type == '$') {
            int length = Integer.parseInt(rest);
            if (length < 0) {
                return "";
            }
            byte[] bulk = in.readNBytes(length + 2);
            if (bulk.length < length) {
                throw new IOException("a bulk reply cut short");
            }
            return new String(bulk, 0, length, StandardCharsets.UTF_8);
        }
        if (type == '+' || type == '-' || type == ':') {
            return rest;
        }
        throw new IOException("a reply of type '" + type + "' was not expected");
    }

    private static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') {
                break;
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.UTF_8);
    }
}
