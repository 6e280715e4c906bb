// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package logging contains framework internal helpers for consistent logger
// and log entry handling.
package logging
