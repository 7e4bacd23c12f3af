package org.openmark.cluster.protocol;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.openmark.config.ConfigException;

/**
 * The shared secret that admits workers: the coordinator sends a fresh nonce, the worker answers
 * with HMAC-SHA256(secret, nonce). The secret itself never crosses the network, and an answer
 * overheard once is worth nothing for the next nonce.
 */
public final class SharedSecret {
    private static final SecureRandom RANDOM = new SecureRandom();

    private SharedSecret() {
    }

    /** The secret in {@code file} (its bytes, a trailing newline removed); errors name {@code flag}. */
    public static byte[] read(String flag, Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw ConfigException.of(flag, file.toString(), "must be a readable file (" + e.getMessage() + ")");
        }
        String text = new String(bytes, StandardCharsets.UTF_8).strip();
        if (text.length() < 16) {
            throw ConfigException.of(flag, file.toString(), "must hold a secret of at least 16 characters (it has "
                    + text.length() + "); e.g. head -c 32 /dev/urandom | base64 > " + file);
        }
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** A fresh nonce, hex. */
    public static String nonce() {
        byte[] b = new byte[16];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /** HMAC-SHA256 of {@code nonce} under {@code secret}, hex; empty without a secret. */
    public static String proof(byte[] secret, String nonce) {
        if (secret == null) {
            return "";
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(nonce.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    /** Whether {@code proof} answers {@code nonce} under {@code secret} (compared in constant time). */
    public static boolean verify(byte[] secret, String nonce, String proof) {
        return MessageDigest.isEqual(proof(secret, nonce).getBytes(StandardCharsets.UTF_8),
                proof == null ? new byte[0] : proof.getBytes(StandardCharsets.UTF_8));
    }
}
