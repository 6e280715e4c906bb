// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package fwtype implements shared logic for interacting with the framework type system.
package fwtype
