// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package setplanmodifier provides plan modifiers for types.Set attributes.
package setplanmodifier
