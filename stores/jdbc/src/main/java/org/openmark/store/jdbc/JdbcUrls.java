package org.openmark.store.jdbc;

import java.util.regex.Pattern;

/** Hides passwords that a JDBC URL may carry, so a URL can be shown in messages. */
final class JdbcUrls {
    private static final String MASK = "***";
    // ?password=x / &password=x / ;password=x (PostgreSQL, MySQL, MariaDB, SQL Server), also pwd=
    private static final Pattern PARAMETER = Pattern.compile("(?i)\\b(password|pwd)=([^&;]*)");
    // jdbc:mysql://user:secret@host/db
    private static final Pattern USER_INFO = Pattern.compile("//([^/:@]*):([^@/]*)@");
    // jdbc:oracle:thin:user/secret@host
    private static final Pattern SLASH_PASSWORD = Pattern.compile("(?i)(:thin:[^/@]*)/([^@]*)@");

    private JdbcUrls() {
    }

    /** The URL with every password replaced by {@code ***}. */
    static String mask(String url) {
        if (url == null) {
            return null;
        }
        String masked = PARAMETER.matcher(url).replaceAll("$1=" + MASK);
        masked = USER_INFO.matcher(masked).replaceAll("//$1:" + MASK + "@");
        return SLASH_PASSWORD.matcher(masked).replaceAll("$1/" + MASK + "@");
    }
}
