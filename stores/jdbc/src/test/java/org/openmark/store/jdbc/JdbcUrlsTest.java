package org.openmark.store.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class JdbcUrlsTest {

    @Test
    void mask_passwordParameter_hidden() {
        assertEquals("jdbc:postgresql://h/db?user=u&password=***&ssl=true",
                JdbcUrls.mask("jdbc:postgresql://h/db?user=u&password=s3cret&ssl=true"));
    }

    @Test
    void mask_userInfoPassword_hidden() {
        assertEquals("jdbc:mysql://root:***@h:3306/db", JdbcUrls.mask("jdbc:mysql://root:s3cret@h:3306/db"));
    }

    @Test
    void mask_semicolonParameters_hidden() {
        assertEquals("jdbc:sqlserver://h;user=u;Password=***;db=x", JdbcUrls.mask("jdbc:sqlserver://h;user=u;Password=s3cret;db=x"));
    }

    @Test
    void mask_oracleThinCredentials_hidden() {
        assertEquals("jdbc:oracle:thin:scott/***@h:1521:orcl", JdbcUrls.mask("jdbc:oracle:thin:scott/tiger@h:1521:orcl"));
    }

    @Test
    void mask_noPassword_unchanged() {
        assertEquals("jdbc:postgresql://127.0.0.1:5432/openmark", JdbcUrls.mask("jdbc:postgresql://127.0.0.1:5432/openmark"));
    }
}
