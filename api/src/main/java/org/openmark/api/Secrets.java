package org.openmark.api;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one rule that decides which properties are secrets, and how a secret is shown: as
 * {@link #MASK}. Every output (results, pages, status lines, experiment, rating and staleness
 * results, a cluster's worker results) shows a property's value through {@link #shown}.
 *
 * <p>A property is a secret when its name, in any case, contains {@code passw}, {@code pwd},
 * {@code secret}, {@code token} or {@code credential}; when the last part of its name (after the
 * last {@code .}, not counting {@code _} and {@code -}) ends in {@code key} and is longer than {@code key}
 * ({@code mongodb.apikey}, {@code s3.accessKey}, {@code ssl.privatekey}), unless it names a key
 * column or attribute ({@code primarykey}, {@code partitionkey}, {@code hashkey}, {@code rangekey},
 * {@code sortkey}, {@code rowkey}); or when it contains {@code accesskey}, {@code apikey} or
 * {@code privatekey} anywhere ({@code s3.accessKeyId}). A value that is not itself secret may still carry
 * one: a URL's user information ({@code mongodb://user:pw@host}, Oracle's {@code thin:user/pw@host}) and the values of its query or
 * JDBC-style parameters whose names are secrets ({@code ?password=pw}, {@code ;password=pw}) are
 * masked too.
 */
public final class Secrets {
    /** What a secret is shown as. */
    public static final String MASK = "****";

    private static final String[] SECRET_PARTS = {"passw", "pwd", "secret", "token", "credential", "accesskey",
        "apikey", "privatekey"};
    private static final Set<String> KEY_COLUMNS = Set.of("primarykey", "partitionkey", "hashkey", "rangekey",
            "sortkey", "rowkey");
    /** {@code scheme://user:password@}: the password. */
    private static final Pattern USER_INFO = Pattern.compile("(://[^/@:\\s]*:)([^/@\\s]+)(@)");
    /** Oracle's {@code jdbc:oracle:thin:user/password@host}: the password. */
    private static final Pattern THIN_PASSWORD = Pattern.compile("(?i)(:thin:[^/@\\s]*/)([^@\\s]+)(@)");
    /** {@code name=value} after {@code ?}, {@code &} or {@code ;}. */
    private static final Pattern PARAMETER = Pattern.compile("([?&;])([^=&;?\\s]+)=([^&;\\s]*)");

    private Secrets() {
    }

    /** True when the property named {@code name} holds a secret. */
    public static boolean isSecret(String name) {
        if (name == null) {
            return false;
        }
        // separators do not count: api_key is apikey
        String lower = name.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
        for (String part : SECRET_PARTS) {
            if (lower.contains(part)) {
                return true;
            }
        }
        String last = lower.substring(lower.lastIndexOf('.') + 1);
        return last.length() > 3 && last.endsWith("key") && !KEY_COLUMNS.contains(last);
    }

    /** The value of property {@code name} as an output may show it: {@link #MASK} for a secret, else the value with any secret it carries masked. */
    public static String shown(String name, String value) {
        if (value == null) {
            return null;
        }
        if (isSecret(name)) {
            return MASK;
        }
        return maskInside(value);
    }

    /** {@code text} with the secrets it carries masked: URL user information and secret-named parameters. */
    public static String maskInside(String text) {
        if (text == null || (text.indexOf('@') < 0 && text.indexOf('=') < 0)) {
            return text;
        }
        String masked = USER_INFO.matcher(text).replaceAll("$1" + Matcher.quoteReplacement(MASK) + "$3");
        masked = THIN_PASSWORD.matcher(masked).replaceAll("$1" + Matcher.quoteReplacement(MASK) + "$3");
        Matcher m = PARAMETER.matcher(masked);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String replacement = isSecret(m.group(2)) ? m.group(1) + m.group(2) + "=" + MASK : m.group();
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }
}
