// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package fromproto5 contains functions to convert from protocol version 5
// (tfprotov5) types to framework types.
package fromproto5
